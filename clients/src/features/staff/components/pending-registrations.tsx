import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { toast } from '../../../lib/toast';
import type { DriverRegistration } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { messageOf } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useDecideRegistration } from '../api/access-codes';

interface Props {
  registrations: DriverRegistration[];
  error: unknown;
  onDecided: (position: number) => void;
}

/**
 * Sign-ups on a recorded driver's token number without his activation code: no driver rights until
 * the admin approves (the account becomes that driver) or rejects (it stays a requester).
 */
export function PendingRegistrations({ registrations, error, onDecided }: Props) {
  const { t } = useTranslation();
  const decide = useDecideRegistration();
  if (!error && registrations.length === 0) return null;

  const act = async (tokenNo: string, decision: 'approve' | 'reject') => {
    try {
      const answer = await decide.mutateAsync({ tokenNo, decision });
      toast.success(
        answer.message
          ? translateMessage(answer.message)
          : decision === 'approve'
            ? t('staff.drivers.approved')
            : t('staff.drivers.rejected'),
      );
      onDecided(answer.position);
    } catch (e) {
      toast.error(messageOf(e, t('staff.drivers.decisionFailed')));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="pending-registrations" sx={{ p: 2, borderColor: 'warning.main' }}>
      <Typography id="pending-registrations" variant="h6" component="h2">
        {t('staff.drivers.pendingTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('staff.drivers.pendingNote')}
      </Typography>
      {Boolean(error) && <Alert severity="error">{messageOf(error, t('staff.drivers.pendingFailed'))}</Alert>}
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {registrations.map((r) => (
          <Stack
            key={r.tokenNo}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ py: 1, alignItems: { sm: 'center' } }}
            data-testid={`registration-${r.tokenNo}`}
          >
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {`${r.tokenNo} · ${r.name || t('staff.drivers.noNameGiven')}`}
                {r.mobile ? ` · ${r.mobile}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('staff.drivers.recordOf', { name: r.recordName || t('messages.unnamedDriver') })}
                {r.vehicleAssigned ? ` (${r.vehicleAssigned})` : ''}
                {t('staff.drivers.signedUp', { time: formatDateTime(r.signedUpAt) })}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                color="success"
                disabled={decide.isPending}
                onClick={() => void act(r.tokenNo, 'approve')}
                aria-label={t('staff.drivers.approveLabel', { id: r.tokenNo })}
              >
                {t('staff.drivers.approve')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={decide.isPending}
                onClick={() => void act(r.tokenNo, 'reject')}
                aria-label={t('staff.drivers.rejectLabel', { id: r.tokenNo })}
              >
                {t('staff.drivers.reject')}
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
