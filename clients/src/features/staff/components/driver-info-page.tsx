import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { useDriverRegistrations } from '../api/access-codes';
import { useDrivers } from '../api/get-drivers';
import { cancelDriverFilters, emptyDriverFilters, filterDrivers } from '../driver-filters';
import { useLivePosition } from '../use-live-position';
import { AccessCodeDialog, type ShownAccessCode } from './access-code-dialog';
import { AddDriverDialog } from './add-driver-dialog';
import { DriverAccordionItem } from './driver-accordion-item';
import { DriverFilterPanel } from './driver-filter-panel';
import { PendingRegistrations } from './pending-registrations';
import { StaffPage } from './staff-page';

// vehicleInspected (issue #21): the list's inspection chips follow each driver's inspection.
const LIVE_EVENTS = ['statusChanged', 'newRegistrationRequest', 'vehicleInspected'] as const;

/** /driver-info: the driver records, filterable, editable by the admin (SPEC §2). */
export function DriverInfoPage() {
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const { t } = useTranslation();
  const live = useLivePosition(LIVE_EVENTS);
  const drivers = useDrivers(live.position, live.version);
  const [filters, setFilters] = useState(emptyDriverFilters);
  const [panelOpen, setPanelOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  // The one-time code of an add or a reset, shown once.
  const [code, setCode] = useState<ShownAccessCode | null>(null);
  const registrations = useDriverRegistrations(live.position, live.version, isAdmin);
  const shown = filterDrivers(drivers.data ?? [], filters);

  return (
    <>
      <StaffPage title={t('staff.drivers.title')} maxWidth="md">
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => setPanelOpen((open) => !open)} aria-expanded={panelOpen}>
            {panelOpen ? t('staff.drivers.hideFilters') : t('staff.drivers.filters')}
          </Button>
          {isAdmin && (
            <Button variant="contained" onClick={() => setAdding(true)}>
              {t('messages.addNewDriverInfo')}
            </Button>
          )}
        </Stack>
        {isAdmin && <PendingRegistrations registrations={registrations.data ?? []} error={registrations.error} onDecided={live.advance} />}
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
        <Typography role="status">
          {drivers.data ? t('staff.drivers.shownOf', { shown: shown.length, total: drivers.data.length }) : t('staff.common.loading')}
        </Typography>
        {drivers.isError && <Alert severity="error">{messageOf(drivers.error, t('staff.drivers.loadFailed'))}</Alert>}
        <Box>
          {shown.map((row) => (
            <DriverAccordionItem key={row.OPERATOR_ID} row={row} canEdit={isAdmin} onSaved={live.advance} onCodeIssued={setCode} />
          ))}
        </Box>
      </StaffPage>
      <AddDriverDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(position, issued) => {
          live.advance(position);
          setCode(issued);
        }}
      />
      <AccessCodeDialog shown={code} onClose={() => setCode(null)} />
    </>
  );
}
