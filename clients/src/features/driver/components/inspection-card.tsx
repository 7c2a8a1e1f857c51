import { Alert, AlertTitle, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { inspectionNotice, type InspectionToday } from '../inspection-status';

/** Today's vehicle inspection on the dashboard (issue #21), and the way to it. */
export function InspectionCard({ today, required }: { today: InspectionToday | null; required: boolean }) {
  const notice = inspectionNotice(today, required);
  const button = (
    <Button
      component={RouterLink}
      to="/driver/inspection"
      variant={notice.prominent ? 'contained' : 'outlined'}
      color={notice.prominent ? 'warning' : 'inherit'}
      size="large"
      sx={{ minHeight: 48, whiteSpace: 'nowrap', alignSelf: 'center' }}
    >
      Inspect vehicle
    </Button>
  );
  return (
    <Alert
      severity={notice.severity}
      variant={notice.prominent ? 'filled' : 'standard'}
      role="region"
      aria-label="Vehicle inspection"
      data-testid="inspection-card"
      sx={{ mb: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, width: { xs: '100%', sm: 'auto' } } }}
      action={today === 'passed' ? undefined : button}
    >
      <AlertTitle>{notice.title}</AlertTitle>
      {notice.text}
    </Alert>
  );
}
