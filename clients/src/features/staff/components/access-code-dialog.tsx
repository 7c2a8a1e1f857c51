import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { IssuedAccessCode } from '@plantride/schemas';
import { formatDateTime } from '../../../lib/format-date';

export interface ShownAccessCode extends IssuedAccessCode {
  tokenNo: string;
}

/** The code grouped for reading out: ABCDE-FGHJK (the sign-up and reset screens ignore the dash). */
const grouped = (code: string) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code);

/**
 * A one-time code, shown once (only its hash is kept): the admin copies it or writes it down and
 * hands it to the person in person.
 */
export function AccessCodeDialog({ shown, onClose }: { shown: ShownAccessCode | null; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const code = shown?.activationCode;
  const forSignUp = shown?.purpose === 'signUp';

  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog open={shown !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {forSignUp ? 'Activation code' : 'Password reset code'} for {shown?.tokenNo}
      </DialogTitle>
      <DialogContent>
        {code ? (
          <>
            <Box
              data-testid="access-code"
              aria-label="One-time code"
              sx={{
                fontFamily: 'monospace',
                fontSize: '1.75rem',
                letterSpacing: '0.12em',
                textAlign: 'center',
                py: 1.5,
                my: 1,
                bgcolor: 'grey.100',
                borderRadius: 1,
                userSelect: 'all',
              }}
            >
              {grouped(code)}
            </Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {forSignUp
                ? `Give this code to ${shown?.tokenNo} in person. He types it when he signs up; then his account is this driver.`
                : `Give this code to ${shown?.tokenNo} in person. He sets a new password with it on the sign-in screen's “set a new password” link; his other sessions end.`}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Works once{shown?.expiresAt ? `, until ${formatDateTime(shown.expiresAt)}` : ''}. It is shown only now: close this and it
              cannot be seen again (reset for a new one).
            </Typography>
            {copied && (
              <Alert severity="success" sx={{ mt: 1 }} role="status">
                Copied.
              </Alert>
            )}
          </>
        ) : (
          <Alert severity="info">This was already done; its code is not shown again. Reset the code for a new one.</Alert>
        )}
      </DialogContent>
      <DialogActions>
        {code && (
          <Button variant="outlined" onClick={() => void copy()}>
            Copy
          </Button>
        )}
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
