import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import type { DriverRegistration } from '@plantride/schemas';
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
  const decide = useDecideRegistration();
  if (!error && registrations.length === 0) return null;

  const act = async (tokenNo: string, decision: 'approve' | 'reject') => {
    try {
      const answer = await decide.mutateAsync({ tokenNo, decision });
      toast.success(answer.message ?? (decision === 'approve' ? 'Approved.' : 'Rejected.'));
      onDecided(answer.position);
    } catch (e) {
      toast.error(messageOf(e, 'Could not save the decision.'));
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="pending-registrations" sx={{ p: 2, borderColor: 'warning.main' }}>
      <Typography id="pending-registrations" variant="h6" component="h2">
        Pending driver registrations
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Signed up on a driver&apos;s token number without his activation code. Approve only if this is the driver; until then the account
        has no driver rights.
      </Typography>
      {Boolean(error) && <Alert severity="error">{messageOf(error, 'Could not load the pending registrations.')}</Alert>}
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
                {r.tokenNo} · {r.name || 'no name given'}
                {r.mobile ? ` · ${r.mobile}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Record: {r.recordName || 'Unnamed Driver'}
                {r.vehicleAssigned ? ` (${r.vehicleAssigned})` : ''} · signed up {formatDateTime(r.signedUpAt)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                color="success"
                disabled={decide.isPending}
                onClick={() => void act(r.tokenNo, 'approve')}
                aria-label={`Approve ${r.tokenNo}`}
              >
                Approve
              </Button>
              <Button
                variant="outlined"
                color="error"
                disabled={decide.isPending}
                onClick={() => void act(r.tokenNo, 'reject')}
                aria-label={`Reject ${r.tokenNo}`}
              >
                Reject
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
