import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { MESSAGES } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { useDrivers } from '../api/get-drivers';
import { cancelDriverFilters, emptyDriverFilters, filterDrivers } from '../driver-filters';
import { useLivePosition } from '../use-live-position';
import { AddDriverDialog } from './add-driver-dialog';
import { DriverAccordionItem } from './driver-accordion-item';
import { DriverFilterPanel } from './driver-filter-panel';
import { StaffPage } from './staff-page';

const LIVE_EVENTS = ['statusChanged'] as const;

/** /driver-info: the driver records, filterable, editable by the admin (SPEC §2). */
export function DriverInfoPage() {
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const live = useLivePosition(LIVE_EVENTS);
  const drivers = useDrivers(live.position, live.version);
  const [filters, setFilters] = useState(emptyDriverFilters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const shown = filterDrivers(drivers.data ?? [], filters);

  return (
    <>
      <StaffPage title="Driver Information" maxWidth="md">
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => setPanelOpen((open) => !open)} aria-expanded={panelOpen}>
            {panelOpen ? 'Hide Filters' : 'Filters'}
          </Button>
          {isAdmin && (
            <Button variant="contained" onClick={() => setAdding(true)}>
              {MESSAGES.addNewDriverInfo}
            </Button>
          )}
        </Stack>
        {panelOpen && (
          <DriverFilterPanel
            applied={filters}
            onApply={(next) => {
              setFilters(next);
              setPanelOpen(false);
            }}
            onCancel={() => {
              setFilters(cancelDriverFilters);
              setPanelOpen(false);
            }}
          />
        )}
        <Typography role="status">{drivers.data ? `${shown.length} of ${drivers.data.length} drivers` : 'Loading…'}</Typography>
        {drivers.isError && <Alert severity="error">{messageOf(drivers.error, 'Could not load the drivers.')}</Alert>}
        <Box>
          {shown.map((row) => (
            <DriverAccordionItem key={row.OPERATOR_ID} row={row} canEdit={isAdmin} onSaved={live.advance} />
          ))}
        </Box>
      </StaffPage>
      <AddDriverDialog open={adding} onClose={() => setAdding(false)} onAdded={live.advance} />
    </>
  );
}
