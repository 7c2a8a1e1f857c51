import { useId, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import type { ScanProof } from '@plantride/schemas';
import { QrCamera } from './qr-camera';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

interface ScanDialogProps {
  /** The step waiting for the scan, as its button says it. */
  stepLabel: string;
  /** The place whose code the engine asks for (the ride row's SCANS). */
  place: string;
  /** Sends the step with this proof: answers the engine's refusal in words, or null when it went (or waits for the network). */
  onProof: (proof: ScanProof) => Promise<string | null>;
  onClose: () => void;
}

/**
 * A step that needs a scan of its place's code (issue #34 item 2): the camera, the short code typed,
 * or, when neither works, the driver's reason. Whether the code is the place's is the engine's call;
 * its refusal (naming the place the code belongs to) shows here and the dialog stays for another try.
 */
export function ScanDialog({ stepLabel, place, onProof, onClose }: ScanDialogProps) {
  const titleId = useId();
  const [camera, setCamera] = useState(false);
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [cannotScan, setCannotScan] = useState(false);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const send = async (proof: ScanProof) => {
    setSending(true);
    setRefusal(null);
    try {
      const refused = await onProof(proof);
      if (refused) setRefusal(refused);
      else onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('driver.scan.title', { step: stepLabel, place })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>{t('driver.scan.point', { place })}</Typography>
          {refusal && (
            <Alert severity="error" role="alert" data-testid="scan-refusal">
              {translateMessage(refusal)}
            </Alert>
          )}
          {camera ? (
            <QrCamera
              onCode={(text) => {
                setCamera(false);
                void send({ code: text, via: 'camera' });
              }}
            />
          ) : (
            <Button variant="contained" onClick={() => setCamera(true)} disabled={sending}>
              {t('driver.scan.withCamera')}
            </Button>
          )}
          <Stack
            component="form"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (code.trim()) void send({ code, via: 'typed' });
            }}
          >
            <TextField
              label={t('driver.scan.shortCode')}
              helperText={t('driver.scan.printedUnder')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false } }}
              size="small"
              fullWidth
            />
            <Button type="submit" variant="outlined" sx={{ minHeight: 48 }} disabled={sending || !code.trim()}>
              {t('driver.scan.send')}
            </Button>
          </Stack>
          {cannotScan ? (
            <Stack
              component="form"
              spacing={1}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (reason.trim().length >= 3) void send({ cannotScan: reason });
              }}
            >
              <TextField
                label={t('driver.scan.whyCannot')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                helperText={t('driver.scan.staffSee')}
                multiline
                minRows={2}
                fullWidth
              />
              <Button type="submit" color="warning" variant="outlined" disabled={sending || reason.trim().length < 3}>
                {t('driver.scan.recordWithout')}
              </Button>
            </Stack>
          ) : (
            <Button variant="text" onClick={() => setCannotScan(true)} disabled={sending}>
              {t('driver.scan.cannotScan')}
            </Button>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('common.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
