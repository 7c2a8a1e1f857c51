import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { inspectionNotice, type InspectionToday } from '../inspection-status';
import { useTranslation } from 'react-i18next';

/** Today's vehicle inspection on the dashboard (issue #21), and the way to it. */
export function InspectionCard({ today, required }: { today: InspectionToday; required: boolean }) {
  const notice = inspectionNotice(today, required);
  const { t } = useTranslation();
  return (
    <Alert
      severity={notice.severity}
      variant={notice.prominent ? 'filled' : 'standard'}
      role="region"
      aria-label={t('driver.vehicleInspection')}
      data-testid="inspection-card"
      sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1 } }}
    >
      <AlertTitle sx={notice.prominent ? { fontWeight: 700 } : undefined}>{notice.title}</AlertTitle>
      {notice.text}
      {today !== 'passed' && (
        <Box sx={{ mt: 1.5 }}>
          <Button
            component={RouterLink}
            to="/driver/inspection"
            variant={notice.prominent ? 'contained' : 'outlined'}
            color="inherit"
            size="large"
            // On the filled banner a white button: the one thing to press.
            sx={{
              minHeight: 48,
              width: { xs: '100%', sm: 'auto' },
              ...(notice.prominent && { bgcolor: 'background.paper', color: 'text.primary', '&:hover': { bgcolor: 'grey.100' } }),
            }}
          >
            {t('driver.inspectVehicle')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
