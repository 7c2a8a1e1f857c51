import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import type { DriverDetails } from '@plantride/schemas';

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
        <Typography>
          Mobile:{' '}
          {driver.mobile ? (
            <Link href={`tel:${driver.mobile}`} aria-label={`Call ${driver.name || driver.id} on ${driver.mobile}`}>
              {driver.mobile}
            </Link>
          ) : (
            'N/A'
          )}
        </Typography>
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
