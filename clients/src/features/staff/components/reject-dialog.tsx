import { useId, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  requestId: string | null;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
  /** More to read (and tick) before Submit, e.g. what rejecting means for the vehicle (issue #32). */
  children?: ReactNode;
  /** Submit stays disabled, e.g. until a required box is ticked. */
  submitDisabled?: boolean;
}

/** Reject with a reason; Submit stays disabled while the reason is blank (SPEC §5). */
export function RejectDialog({ requestId, busy, onReject, onClose, children, submitDisabled = false }: Props) {
  const titleId = useId();
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const blank = reason.trim() === '';
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog open={requestId !== null} onClose={busy ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('staff.requests.rejectTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('staff.requests.rejectReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          helperText={blank ? t('messages.rejectionReasonRequired') : ' '}
          error={blank && reason !== ''}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          margin="dense"
        />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('staff.common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={blank || busy || submitDisabled}
          onClick={() => {
            onReject(reason.trim());
            setReason('');
          }}
        >
          {t('staff.common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
