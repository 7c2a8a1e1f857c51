import { useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { toast } from '../lib/toast';
import { messageOf } from '../lib/api-client';
import { pushKeys } from '../lib/query-keys';
import { getPushKey, pushState, renewPush, turnPushOff, turnPushOn, type PushState } from '../lib/push';
import { useTranslation } from 'react-i18next';

const WHAT = { driver: 'push.whatDriver', staff: 'push.whatStaff' } as const;

/**
 * Web Push on this device (issue #34 item 1): offered where the app and the server can push, with
 * the browser's own permission prompt behind a tap. Nothing shows where it cannot work at all.
 */
export function PushNotifications({ audience }: { audience: 'driver' | 'staff' }) {
  const key = useQuery({ queryKey: pushKeys.key, queryFn: getPushKey, staleTime: Infinity, retry: false });
  const publicKey = key.data?.publicKey ?? null;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();

  useEffect(() => {
    let live = true;
    pushState(publicKey).then(
      (found) => {
        if (!live) return;
        setState(found);
        // Handed to the engine again for whoever is signed in now; a failure leaves the last hand-over.
        if (found === 'on') renewPush().catch(() => undefined);
      },
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, [publicKey]);

  const act = (work: () => Promise<PushState>, failed: string) => {
    setBusy(true);
    work()
      .then(setState, (error: unknown) => toast.error(messageOf(error, failed)))
      .finally(() => setBusy(false));
  };

  if (state === null || state === 'unsupported') return null;
  if (state === 'homeScreenFirst')
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('push.homeScreenFirst')}
      </Alert>
    );
  if (state === 'denied')
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('push.denied')}
      </Alert>
    );
  if (state === 'on')
    return (
      <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('push.on')}
        </Typography>
        <Button size="small" disabled={busy} onClick={() => act(() => turnPushOff(), t('push.failedOff'))}>
          {t('push.turnOff')}
        </Button>
      </Box>
    );
  return (
    <Alert
      severity="info"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          variant="outlined"
          disabled={busy || !publicKey}
          onClick={() => act(() => turnPushOn(publicKey!), t('push.failedOn'))}
        >
          {t('push.turnOn')}
        </Button>
      }
    >
      {t(WHAT[audience])}
    </Alert>
  );
}
