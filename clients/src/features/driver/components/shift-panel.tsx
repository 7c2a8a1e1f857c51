import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { useSetBreak, useSetShift, useShift, type SetShiftInput } from '../api/shift';
import { StartShiftDialog } from './start-shift-dialog';

const OFFLINE = 'No network: starting or ending a shift needs the connection. Try again when it returns.';
const OFFLINE_BREAK = 'No network: starting or ending a break needs the connection. Try again when it returns.';
const NO_ANSWER = 'No answer from the server. Check the network and try again.';
const BIG = { minHeight: 56, minWidth: { xs: '100%', sm: 200 }, fontSize: '1.05rem' } as const;

/**
 * Start shift / End shift (issue #20): on shift he is offered rides one at a time; it ends by itself at
 * `endsAt`. On shift he may take a break (issue #32 item 4) and end it: on break he is offered nothing.
 */
export function ShiftPanel() {
  const shift = useShift();
  const change = useSetShift();
  const pause = useSetBreak();
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = shift.data?.shift ?? null;
  const breakSince = current ? (shift.data?.breakSince ?? null) : null;
  const pending = change.isPending || pause.isPending;
  const { refetch } = shift;

  // The engine ends the shift at endsAt without telling the screen: read it again just after.
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, Date.parse(current.endsAt) - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [current, refetch]);

  async function sendBreak(on: boolean) {
    if (pending) return;
    setError(null);
    try {
      if (navigator.onLine) {
        await pause.mutateAsync(on);
        toast.success(on ? 'Break started.' : 'Break ended.');
      } else {
        setError(OFFLINE_BREAK);
      }
    } catch (e) {
      setError(messageOf(e, NO_ANSWER));
    }
  }

  async function send(input: SetShiftInput) {
    if (pending) return;
    setError(null);
    try {
      if (navigator.onLine) {
        await change.mutateAsync(input);
        toast.success(input.on ? 'Shift started.' : 'Shift ended.');
      } else {
        setError(OFFLINE);
      }
    } catch (e) {
      setError(messageOf(e, NO_ANSWER));
    } finally {
      setStarting(false);
      setEnding(false);
    }
  }

  let status;
  if (shift.isPending) {
    status = (
      <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Checking your shift…</Typography>
      </Box>
    );
  } else if (current && breakSince) {
    status = (
      <Box>
        <Typography variant="h6" component="p" data-testid="shift-status">
          On break since {formatTime(breakSince)}
        </Typography>
        <Typography color="text.secondary">
          No rides are offered to you while you are on break. Your shift runs until {formatTime(current.endsAt)}.
        </Typography>
      </Box>
    );
  } else if (current) {
    status = (
      <Box>
        <Typography variant="h6" component="p" data-testid="shift-status">
          On shift until {formatTime(current.endsAt)}
        </Typography>
        <Typography color="text.secondary">{current.location ? `Started at ${current.location}` : 'Started without a place'}</Typography>
      </Box>
    );
  } else {
    status = (
      <Box>
        <Typography variant="h6" component="p" data-testid="shift-status">
          Off shift
        </Typography>
        <Typography color="text.secondary">
          Start your shift when you begin work: staff see you on shift, and rides may be offered to you first.
        </Typography>
      </Box>
    );
  }

  return (
    <Paper
      component="section"
      aria-label="Shift"
      variant="outlined"
      sx={{ p: 2, mb: 2, borderColor: breakSince ? 'warning.main' : current ? 'success.main' : undefined, borderWidth: current ? 2 : 1 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        {status}
        {shift.isError && !shift.data ? (
          <Button variant="outlined" sx={BIG} onClick={() => void refetch()} disabled={shift.isFetching}>
            Retry
          </Button>
        ) : current ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexShrink: 0 }}>
            {/*
              One button whose words change, so the keyboard's focus stays on it across the change; not disabled while
              it is sent (that would drop the focus): a second tap meanwhile does nothing. The theme's focus ring marks
              the keyboard's place; a pulsing focus ripple would spill over the button under it.
            */}
            <Button
              variant={breakSince ? 'contained' : 'outlined'}
              size="large"
              sx={BIG}
              onClick={() => void sendBreak(!breakSince)}
              aria-busy={pause.isPending}
              disableFocusRipple
            >
              {breakSince ? 'End break' : 'Take a break'}
            </Button>
            <Button variant="outlined" color="error" size="large" sx={BIG} onClick={() => setEnding(true)} disabled={pending}>
              End shift
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" size="large" sx={BIG} onClick={() => setStarting(true)} disabled={shift.isPending || pending}>
            Start shift
          </Button>
        )}
      </Stack>
      {shift.isError && !shift.data && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {messageOf(shift.error, 'Could not read your shift.')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <StartShiftDialog
        open={starting}
        busy={change.isPending}
        onStart={(location) => void send(location ? { on: true, location } : { on: true })}
        onCancel={() => setStarting(false)}
      />
      <ConfirmDialog
        open={ending}
        title="End your shift?"
        confirmLabel="End shift"
        cancelLabel="Keep working"
        busy={change.isPending}
        onConfirm={() => void send({ on: false })}
        onCancel={() => setEnding(false)}
      >
        <Typography>
          Rides offered to drivers on shift will no longer come to you.{breakSince ? ' Your break ends with it.' : ''}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}
