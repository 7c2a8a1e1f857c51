import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { DriverDetails } from '@plantride/schemas';
import { PhoneLink } from '../../../components/phone-link';

interface DriverDetailsDialogProps {
  open: boolean;
  driver: DriverDetails;
  fromLocation: string | null;
  toLocation: string | null;
  onClose: () => void;
}

/** Name, mobile with a call link, vehicle, from and to (SPEC §2). */
export function DriverDetailsDialog({ open, driver, fromLocation, toLocation, onClose }: DriverDetailsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="driver-details-title" fullWidth maxWidth="xs">
      <DialogTitle id="driver-details-title">Driver Details</DialogTitle>
      <DialogContent>
        <Typography>Name: {driver.name || driver.id}</Typography>
        <Typography>Mobile: {driver.mobile ? <PhoneLink name={driver.name || driver.id} mobile={driver.mobile} /> : 'N/A'}</Typography>
        <Typography>Vehicle: {driver.vehicle ?? 'N/A'}</Typography>
        <Typography>From: {fromLocation ?? 'N/A'}</Typography>
        <Typography>To: {toLocation ?? 'N/A'}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
