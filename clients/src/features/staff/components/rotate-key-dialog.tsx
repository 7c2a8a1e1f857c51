import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountRow } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { useRotateServiceKey } from '../api/service-accounts';
import { DEFAULT_OVERLAP_MINUTES, checkOverlap } from '../service-account-rules';
import type { ShownApiKey } from './api-key-dialog';

interface Props {
  account: ServiceAccountRow | null;
  onClose: () => void;
  onRotated: (shown: ShownApiKey) => void;
}

/** Rotate key: a new key now, the old ones working for an overlap while the calling system switches over. */
export function RotateKeyDialog({ account, onClose, onRotated }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [overlap, setOverlap] = useState(DEFAULT_OVERLAP_MINUTES);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rotate = useRotateServiceKey();

  const close = () => {
    setOverlap(DEFAULT_OVERLAP_MINUTES);
    setError(null);
    setRefusal(null);
    onClose();
  };

  const submit = async () => {
    if (!account) return;
    const checked = checkOverlap(overlap);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    try {
      const answer = await rotate.mutateAsync({ accountId: account.accountId, overlapMinutes: checked.overlapMinutes });
      onRotated({ accountName: account.name, apiKey: answer.apiKey, message: answer.message ?? '' });
      close();
    } catch (failure) {
      setRefusal(messageOf(failure, t('staff.machines.rotate.failed')));
    }
  };

  return (
    <Dialog open={account !== null} onClose={rotate.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('staff.machines.rotate.title', { name: account?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('staff.machines.rotate.note')}</DialogContentText>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('staff.machines.rotate.overlap')}
            value={overlap}
            onChange={(e) => {
              setOverlap(e.target.value);
              setError(null);
              setRefusal(null);
            }}
            error={Boolean(error)}
            helperText={error ?? t('staff.machines.rotate.overlapHelp')}
            disabled={rotate.isPending}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
        </Box>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={close} disabled={rotate.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={rotate.isPending}>
          {t('staff.machines.rotate.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
