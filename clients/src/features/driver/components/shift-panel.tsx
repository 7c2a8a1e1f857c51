import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { useSetBreak, useSetShift, useShift, type SetShiftInput } from '../api/shift';
import { StartShiftDialog } from './start-shift-dialog';
import { useTranslation } from 'react-i18next';

const BIG = { minHeight: 56, minWidth: { xs: '100%', sm: 200 }, fontSize: '1.05rem' } as const;

/**
 * Start shift / End shift (issue #20): on shift he is offered rides one at a time; it ends by itself at
 * `endsAt`. On shift he may take a break (issue #32 item 4) and end it: on break he is offered nothing.
 */
export function ShiftPanel() {
  const { t } = useTranslation();
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
        toast.success(on ? t('driver.shift.breakStarted') : t('driver.shift.breakEnded'));
      } else {
        setError(t('driver.shift.offlineBreak'));
      }
    } catch (e) {
      setError(messageOf(e, t('driver.shift.noAnswer')));
    }
  }

  async function send(input: SetShiftInput) {
    if (pending) return;
    setError(null);
    try {
      if (navigator.onLine) {
        await change.mutateAsync(input);
        toast.success(input.on ? t('driver.shift.started') : t('driver.shift.ended'));
      } else {
        setError(t('driver.shift.offline'));
      }
    } catch (e) {
      setError(messageOf(e, t('driver.shift.noAnswer')));
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
        <Typography>{t('driver.shift.checking')}</Typography>
      </Box>
    );
  } else if (current && breakSince) {
    status = (
      <Box>
        <Typography variant="h6" component="p" data-testid="shift-status">
          {t('driver.shift.onBreakSince', { time: formatTime(breakSince) })}
        </Typography>
        <Typography color="text.secondary">{t('driver.shift.breakNote', { time: formatTime(current.endsAt) })}</Typography>
      </Box>
    );
  } else if (current) {
    status = (
      <Box>
        <Typography variant="h6" component="p" data-testid="shift-status">
          {t('driver.shift.onShiftUntil', { time: formatTime(current.endsAt) })}
        </Typography>
        <Typography color="text.secondary">
          {current.location ? t('driver.shift.startedAt', { place: current.location }) : t('driver.shift.startedWithout')}
        </Typography>
      </Box>
    );
  } else {
    status = (
      <Box>
        <Typography variant="h6" component="p" data-testid="shift-status">
          {t('driver.shift.off')}
        </Typography>
        <Typography color="text.secondary">{t('driver.shift.startHint')}</Typography>
      </Box>
    );
  }

  return (
    <Paper
      component="section"
      aria-label={t('driver.shift.label')}
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
            {t('common.retry')}
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
              {breakSince ? t('driver.shift.endBreak') : t('driver.shift.takeBreak')}
            </Button>
            <Button variant="outlined" color="error" size="large" sx={BIG} onClick={() => setEnding(true)} disabled={pending}>
              {t('driver.shift.end')}
            </Button>
          </Stack>
        ) : (
          <Button variant="contained" size="large" sx={BIG} onClick={() => setStarting(true)} disabled={shift.isPending || pending}>
            {t('driver.shift.start')}
          </Button>
        )}
      </Stack>
      {shift.isError && !shift.data && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {messageOf(shift.error, t('driver.shift.unread'))}
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
        title={t('driver.shift.endTitle')}
        confirmLabel={t('driver.shift.end')}
        cancelLabel={t('driver.shift.keepWorking')}
        busy={change.isPending}
        onConfirm={() => void send({ on: false })}
        onCancel={() => setEnding(false)}
      >
        <Typography>
          {t('driver.shift.endNote')}
          {breakSince ? ` ${t('driver.shift.breakEndsToo')}` : ''}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}
