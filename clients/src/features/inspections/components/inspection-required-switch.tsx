import { useState } from 'react';
import { Alert, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { messageOf } from '../../../lib/api-client';
import { useInspectionSettings, useSaveInspectionSettings } from '../api/inspection-settings';

const LABEL = 'Daily inspection required before accepting rides';

/** The plant's switch: whether a driver needs today's passed inspection to take a ride. Asks before changing it. */
export function InspectionRequiredSwitch() {
  const settings = useInspectionSettings();
  const save = useSaveInspectionSettings();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (settings.isError && !settings.data) {
    return (
      <LoadError
        error={settings.error}
        fallback="Could not load the inspection setting."
        retry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  const on = settings.data?.inspectionRequired ?? false;

  async function confirm(next: boolean) {
    try {
      await save.mutateAsync({ inspectionRequired: next });
      setAsking(null);
      toast.success(
        next
          ? 'Daily inspection is now required before accepting rides.'
          : 'Daily inspection is no longer required before accepting rides.',
      );
    } catch (error) {
      setAsking(null);
      setRefusal(messageOf(error, 'Could not save the setting. Try again.'));
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={!settings.data || save.isPending}
            onChange={(e) => {
              setRefusal(null);
              setAsking(e.target.checked);
            }}
          />
        }
        label={LABEL}
        sx={{ ml: 0, gap: 1, alignItems: 'center', '& .MuiSwitch-root': { flexShrink: 0 } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {on
          ? 'On: a driver takes no ride before his vehicle passes today’s inspection.'
          : 'Off: drivers may inspect, but can take rides without it.'}
      </Typography>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? 'Require the daily inspection?' : 'Stop requiring the daily inspection?'}
        confirmLabel={asking ? 'Require it' : 'Stop requiring it'}
        cancelLabel="Keep as it is"
        busy={save.isPending}
        onConfirm={() => void confirm(asking === true)}
        onCancel={() => setAsking(null)}
      >
        <Typography>
          {asking
            ? 'From now on, a driver without a passed inspection today is refused when he accepts a ride.'
            : 'Drivers will be able to accept rides without inspecting their vehicle.'}
        </Typography>
      </ConfirmDialog>
    </Paper>
  );
}
