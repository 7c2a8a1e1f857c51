import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
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
      setRefusal(messageOf(failure, 'Could not rotate the key. Try again.'));
    }
  };

  return (
    <Dialog open={account !== null} onClose={rotate.isPending ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Rotate the key of {account?.name}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A new key is issued and shown once. The keys in use now keep working for the overlap, so the calling system can switch without a
          gap; 0 stops them at once.
        </DialogContentText>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Overlap (minutes)"
            value={overlap}
            onChange={(e) => {
              setOverlap(e.target.value);
              setError(null);
              setRefusal(null);
            }}
            error={Boolean(error)}
            helperText={error ?? '0 to 10080 (a week).'}
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
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={rotate.isPending}>
          Rotate and show key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
