import { Alert, AlertTitle, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { InspectionResult } from '@plantride/schemas';
import { defectsRecorded, outcomeOf } from '../inspection-form';

/** The answer to a submitted inspection: defects noted, or the vehicle out of service with a request filed. */
export function InspectionOutcome({ result, onDone }: { result: InspectionResult; onDone: () => void }) {
  const { t } = useTranslation();
  const kind = outcomeOf(result);
  return (
    <Stack spacing={2} data-testid={`inspection-outcome-${kind}`}>
      {kind === 'out-of-service' ? (
        <Alert severity="error" role="alert" variant="filled">
          <AlertTitle sx={{ fontSize: '1.2rem' }}>{t('inspection.outcome.outOfServiceTitle')}</AlertTitle>
          <Typography sx={{ mb: 1 }}>{t('inspection.outcome.outOfServiceText', { faults: result.defects.join('; ') })}</Typography>
          <Typography>
            {result.maintenanceRequestId
              ? t('inspection.outcome.requestFiledId', { id: result.maintenanceRequestId })
              : t('inspection.outcome.requestFiled')}
          </Typography>
        </Alert>
      ) : kind === 'defects' ? (
        <Alert severity="warning" role="status">
          <AlertTitle>{t('inspection.outcome.defectsTitle')}</AlertTitle>
          <Typography sx={{ mb: 1 }}>{defectsRecorded(result.defects)}</Typography>
          <Typography>{t('inspection.outcome.defectsNote')}</Typography>
        </Alert>
      ) : (
        <Alert severity="success" role="status">
          {t('inspection.outcome.passed')}
        </Alert>
      )}
      <Button variant="contained" size="large" fullWidth onClick={onDone} sx={{ minHeight: 56 }}>
        {t('inspection.outcome.back')}
      </Button>
    </Stack>
  );
}
