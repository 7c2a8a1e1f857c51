import { useCallback, useState } from 'react';
import { Box, CircularProgress, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { VEHICLE_TYPES, type VehicleType } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useChecklist } from '../api/checklist';
import { ChecklistEditor } from './checklist-editor';
import { InspectionRequiredSwitch } from './inspection-required-switch';

const tabId = (type: VehicleType) => `checklist-tab-${type.replace(/\s+/g, '-')}`;
const panelId = (type: VehicleType) => `checklist-panel-${type.replace(/\s+/g, '-')}`;

/** /checklists (admin): the daily inspection setting, and one checklist per vehicle type (issue #21). */
export function ChecklistsPage() {
  const { t } = useTranslation();
  const [vehicleType, setVehicleType] = useState<VehicleType>(VEHICLE_TYPES[0]);
  const [changed, setChanged] = useState(false);
  const [leavingFor, setLeavingFor] = useState<VehicleType | null>(null);
  const checklist = useChecklist(vehicleType);
  const onChangedChange = useCallback((value: boolean) => setChanged(value), []);

  const choose = (next: VehicleType) => {
    if (next === vehicleType) return;
    if (changed) setLeavingFor(next);
    else setVehicleType(next);
  };

  return (
    <>
      <PageHeader title={t('common.appName')} backTo="/maintenance-head" />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('inspection.checklists.title')}
          </Typography>
          <InspectionRequiredSwitch />
          <Typography variant="h6" component="h2">
            {t('inspection.checklists.perVehicleType')}
          </Typography>
          <Tabs
            value={vehicleType}
            onChange={(_, next: VehicleType) => choose(next)}
            aria-label={t('inspection.checklists.vehicleType')}
            variant="fullWidth"
          >
            {VEHICLE_TYPES.map((type) => (
              <Tab
                key={type}
                value={type}
                label={type}
                wrapped
                id={tabId(type)}
                aria-controls={panelId(type)}
                sx={{ minHeight: 48, minWidth: 0, px: 1 }}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={panelId(vehicleType)} aria-labelledby={tabId(vehicleType)}>
            {checklist.data ? (
              // A new read (after a save, or another tab) starts the editor again from what the engine holds.
              <ChecklistEditor
                key={`${vehicleType}-${checklist.dataUpdatedAt}`}
                vehicleType={vehicleType}
                saved={checklist.data.items}
                onChangedChange={onChangedChange}
              />
            ) : checklist.isError ? (
              <LoadError
                error={checklist.error}
                fallback={t('inspection.checklists.loadFailed')}
                retry={() => void checklist.refetch()}
                retrying={checklist.isFetching}
              />
            ) : (
              <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <CircularProgress size={28} aria-hidden="true" />
                <Typography>{t('inspection.checklists.loading', { type: vehicleType })}</Typography>
              </Box>
            )}
          </Box>
        </Stack>
      </Container>
      <ConfirmDialog
        open={leavingFor !== null}
        title={t('inspection.checklists.discardTitle')}
        confirmLabel={t('inspection.checklists.discard')}
        cancelLabel={t('inspection.checklists.keepEditing')}
        onConfirm={() => {
          if (leavingFor) setVehicleType(leavingFor);
          setChanged(false);
          setLeavingFor(null);
        }}
        onCancel={() => setLeavingFor(null)}
      >
        <Typography>{t('inspection.checklists.unsaved', { type: vehicleType })}</Typography>
      </ConfirmDialog>
    </>
  );
}
