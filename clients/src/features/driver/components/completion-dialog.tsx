import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

/**
 * 'Maintenance completed. Your vehicle is now active.' with an Okay button (SPEC §2); open while `message` is set.
 * When a passed inspection must come first (issue #32), the server's message says so and the title does not call the vehicle active.
 */
export function CompletionDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const completionTitle = useId();
  const { t } = useTranslation();
  const completionText = useId();
  const active = message === MESSAGES.maintenanceCompletedVehicleActive;
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby={completionTitle}
      aria-describedby={completionText}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={completionTitle}>{active ? t('driver.vehicleActive') : t('driver.maintenanceCompleted')}</DialogTitle>
      <DialogContent>
        <Typography id={completionText}>{message && translateMessage(message)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('driver.okay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
