import { Alert, AlertTitle, Button, Stack, Typography } from '@mui/material';
import type { InspectionResult } from '@plantride/schemas';
import { defectsRecorded, outcomeOf } from '../inspection-form';

/** The answer to a submitted inspection: defects noted, or the vehicle out of service with a request filed. */
export function InspectionOutcome({ result, onDone }: { result: InspectionResult; onDone: () => void }) {
  const kind = outcomeOf(result);
  return (
    <Stack spacing={2} data-testid={`inspection-outcome-${kind}`}>
      {kind === 'out-of-service' ? (
        <Alert severity="error" role="alert" variant="filled">
          <AlertTitle sx={{ fontSize: '1.2rem' }}>Vehicle out of service</AlertTitle>
          <Typography sx={{ mb: 1 }}>
            A critical item failed. Do not drive this vehicle. Faults recorded: {result.defects.join('; ')}.
          </Typography>
          <Typography>
            A maintenance request was filed{result.maintenanceRequestId ? ` (${result.maintenanceRequestId})` : ''}. You cannot take rides
            until the maintenance head completes it.
          </Typography>
        </Alert>
      ) : kind === 'defects' ? (
        <Alert severity="warning" role="status">
          <AlertTitle>Inspection passed with defects</AlertTitle>
          <Typography sx={{ mb: 1 }}>{defectsRecorded(result.defects)}</Typography>
          <Typography>None of them is critical: you can take rides. Tell the maintenance head if a defect gets worse.</Typography>
        </Alert>
      ) : (
        <Alert severity="success" role="status">
          Inspection passed. You can take rides today.
        </Alert>
      )}
      <Button variant="contained" size="large" fullWidth onClick={onDone} sx={{ minHeight: 56 }}>
        Back to dashboard
      </Button>
    </Stack>
  );
}
