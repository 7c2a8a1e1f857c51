import { useEffect, useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { messageOf } from '../lib/api-client';
import { pushKeys } from '../lib/query-keys';
import { getPushKey, pushState, renewPush, turnPushOff, turnPushOn, type PushState } from '../lib/push';

const WHAT = {
  driver: 'Turn on notifications to hear ride offers with the phone locked or the app closed.',
  staff: 'Turn on notifications to hear of breakdowns and missed targets with the app closed.',
} as const;

export const PUSH_COPY = {
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  on: 'Notifications are on for this device.',
  denied: 'Notifications are blocked for PlantRide in this browser’s settings; allow them there to hear offers with the app closed.',
  homeScreenFirst:
    'To get notifications on an iPhone or iPad, add PlantRide to the Home Screen (Share, then Add to Home Screen) and open it from there.',
  failedOn: 'Notifications could not be turned on on this device.',
  failedOff: 'Notifications could not be turned off.',
} as const;

/**
 * Web Push on this device (issue #34 item 1): offered where the app and the server can push, with
 * the browser's own permission prompt behind a tap. Nothing shows where it cannot work at all.
 */
export function PushNotifications({ audience }: { audience: 'driver' | 'staff' }) {
  const key = useQuery({ queryKey: pushKeys.key, queryFn: getPushKey, staleTime: Infinity, retry: false });
  const publicKey = key.data?.publicKey ?? null;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

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
        {PUSH_COPY.homeScreenFirst}
      </Alert>
    );
  if (state === 'denied')
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {PUSH_COPY.denied}
      </Alert>
    );
  if (state === 'on')
    return (
      <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {PUSH_COPY.on}
        </Typography>
        <Button size="small" disabled={busy} onClick={() => act(() => turnPushOff(), PUSH_COPY.failedOff)}>
          {PUSH_COPY.turnOff}
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
          onClick={() => act(() => turnPushOn(publicKey!), PUSH_COPY.failedOn)}
        >
          {PUSH_COPY.turnOn}
        </Button>
      }
    >
      {WHAT[audience]}
    </Alert>
  );
}
