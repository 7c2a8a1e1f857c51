import { useId, useState, type FocusEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

export interface ShownApiKey {
  accountName: string;
  /** Absent when the engine answered a repeated request again: the key is not kept, so not shown twice. */
  apiKey?: string;
  /** The engine's words: copy it now, it is not shown again (or why it is not shown). */
  message: string;
}

/**
 * A service account's API key, shown once (the engine keeps only its hash): the admin copies it into
 * the system that calls. Only Done closes it, so a stray tap beside it cannot lose the key unseen.
 */
export function ApiKeyDialog({ shown, onClose }: { shown: ShownApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const apiKey = shown?.apiKey;

  const copy = async () => {
    if (!apiKey) return;
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };

  return (
    <Dialog
      open={shown !== null}
      onClose={(_, reason) => {
        if (reason !== 'backdropClick') close();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('staff.machines.apiKey.title', { name: shown?.accountName ?? '' })}</DialogTitle>
      <DialogContent>
        {apiKey ? (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translateMessage(shown.message)} {t('staff.machines.apiKey.anyone', { name: shown.accountName })}
            </Alert>
            <TextField
              label={t('staff.machines.apiKey.label')}
              value={apiKey}
              multiline
              fullWidth
              slotProps={{
                input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                htmlInput: { 'data-testid': 'api-key', onFocus: (e: FocusEvent<HTMLTextAreaElement>) => e.target.select() },
              }}
            />
            {copied !== null && (
              <Alert severity={copied ? 'success' : 'error'} sx={{ mt: 1 }} role="status">
                {copied ? t('staff.machines.apiKey.copied') : t('staff.machines.apiKey.copyFailed')}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('staff.machines.apiKey.bearer')}
            </Typography>
          </>
        ) : (
          <Alert severity="info">{shown && translateMessage(shown.message)}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {apiKey && (
          <Button variant="outlined" onClick={() => void copy()}>
            {t('staff.machines.apiKey.copy')}
          </Button>
        )}
        <Button variant="contained" onClick={close}>
          {t('staff.machines.apiKey.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
