import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { DriverDetails } from '@plantride/schemas';
import { PhoneLink } from '../../../components/phone-link';
import { useTranslation } from 'react-i18next';

interface DriverDetailsDialogProps {
  open: boolean;
  driver: DriverDetails;
  fromLocation: string | null;
  toLocation: string | null;
  onClose: () => void;
}

/** Name, mobile with a call link, vehicle, from and to (SPEC §2). */
export function DriverDetailsDialog({ open, driver, fromLocation, toLocation, onClose }: DriverDetailsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="driver-details-title" fullWidth maxWidth="xs">
      <DialogTitle id="driver-details-title">{t('requester.driverDetails')}</DialogTitle>
      <DialogContent>
        <Typography>{t('driver.nameIs', { name: driver.name || driver.id })}</Typography>
        <Typography>
          {t('driver.mobile')}{' '}
          {driver.mobile ? <PhoneLink name={driver.name || driver.id} mobile={driver.mobile} /> : t('messages.notAvailable')}
        </Typography>
        <Typography>{t('requester.confirm.vehicle', { vehicle: driver.vehicle ?? t('messages.notAvailable') })}</Typography>
        <Typography>{t('requester.confirm.from', { place: fromLocation ?? t('messages.notAvailable') })}</Typography>
        <Typography>{t('requester.confirm.to', { place: toLocation ?? t('messages.notAvailable') })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
