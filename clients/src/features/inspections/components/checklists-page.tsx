import { useCallback, useState } from 'react';
import { Box, CircularProgress, Container, Stack, Tab, Tabs, Typography } from '@mui/material';
import { VEHICLE_TYPES, type VehicleType } from '@plantride/schemas';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useChecklist } from '../api/checklist';
import { ChecklistEditor } from './checklist-editor';
import { InspectionRequiredSwitch } from './inspection-required-switch';

const TITLE = 'Inspection checklists';
const tabId = (type: VehicleType) => `checklist-tab-${type.replace(/\s+/g, '-')}`;
const panelId = (type: VehicleType) => `checklist-panel-${type.replace(/\s+/g, '-')}`;

/** /checklists (admin): the daily inspection setting, and one checklist per vehicle type (issue #21). */
export function ChecklistsPage() {
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
      <PageHeader title="PlantRide" backTo="/maintenance-head" />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {TITLE}
          </Typography>
          <InspectionRequiredSwitch />
          <Typography variant="h6" component="h2">
            Checklist per vehicle type
          </Typography>
          <Tabs value={vehicleType} onChange={(_, next: VehicleType) => choose(next)} aria-label="Vehicle type" variant="fullWidth">
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
                fallback="Could not load the checklist."
                retry={() => void checklist.refetch()}
                retrying={checklist.isFetching}
              />
            ) : (
              <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                <CircularProgress size={28} aria-hidden="true" />
                <Typography>Loading the {vehicleType} checklist…</Typography>
              </Box>
            )}
          </Box>
        </Stack>
      </Container>
      <ConfirmDialog
        open={leavingFor !== null}
        title="Discard your changes?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={() => {
          if (leavingFor) setVehicleType(leavingFor);
          setChanged(false);
          setLeavingFor(null);
        }}
        onCancel={() => setLeavingFor(null)}
      >
        <Typography>The {vehicleType} checklist has changes that are not saved.</Typography>
      </ConfirmDialog>
    </>
  );
}
