import { useState } from 'react';
import { Alert, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { messageOf } from '../../../lib/api-client';
import { useInspectionSettings, useSaveInspectionSettings } from '../api/inspection-settings';

/** The plant's switch: whether a driver needs today's passed inspection to take a ride. Asks before changing it. */
export function InspectionRequiredSwitch() {
  const { t } = useTranslation();
  const settings = useInspectionSettings();
  const save = useSaveInspectionSettings();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (settings.isError && !settings.data) {
    return (
      <LoadError
        error={settings.error}
        fallback={t('inspection.required.loadFailed')}
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
      toast.success(next ? t('inspection.required.nowRequired') : t('inspection.required.noLongerRequired'));
    } catch (error) {
      setAsking(null);
      setRefusal(messageOf(error, t('inspection.required.saveFailed')));
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
        label={t('inspection.required.label')}
        sx={{ ml: 0, gap: 1, alignItems: 'center', '& .MuiSwitch-root': { flexShrink: 0 } }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {on ? t('inspection.required.on') : t('inspection.required.off')}
      </Typography>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t('inspection.required.requireTitle') : t('inspection.required.stopTitle')}
        confirmLabel={asking ? t('inspection.required.require') : t('inspection.required.stop')}
        cancelLabel={t('inspection.required.keep')}
        busy={save.isPending}
        onConfirm={() => void confirm(asking === true)}
        onCancel={() => setAsking(null)}
      >
        <Typography>{asking ? t('inspection.required.requireText') : t('inspection.required.stopText')}</Typography>
      </ConfirmDialog>
    </Paper>
  );
}
