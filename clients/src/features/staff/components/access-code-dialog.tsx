import { useId, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { IssuedAccessCode } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
        {t(forSignUp ? 'staff.drivers.activationCodeFor' : 'staff.drivers.resetCodeFor', { id: shown?.tokenNo })}
      </DialogTitle>
      <DialogContent>
        {code ? (
          <>
            <Box
              data-testid="access-code"
              aria-label={t('staff.drivers.oneTimeCode')}
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
              {forSignUp ? t('staff.drivers.giveSignUp', { id: shown?.tokenNo }) : t('staff.drivers.giveReset', { id: shown?.tokenNo })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {shown?.expiresAt
                ? t('staff.drivers.worksOnceUntil', { time: formatDateTime(shown.expiresAt) })
                : t('staff.drivers.worksOnce')}
            </Typography>
            {copied && (
              <Alert severity="success" sx={{ mt: 1 }} role="status">
                {t('staff.drivers.copied')}
              </Alert>
            )}
          </>
        ) : (
          <Alert severity="info">{t('staff.drivers.alreadyDone')}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        {code && (
          <Button variant="outlined" onClick={() => void copy()}>
            {t('staff.drivers.copy')}
          </Button>
        )}
        <Button variant="contained" onClick={close}>
          {t('staff.drivers.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
