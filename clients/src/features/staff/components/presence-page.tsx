import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DRIVER_PRESENCE_STATES, VEHICLE_TYPES } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { PRESENCE_REFRESH_MS, usePresence } from '../api/get-presence';
import {
  allPresence,
  filterPresence,
  NO_VEHICLE_TYPE,
  presenceCounts,
  presenceStateLabel,
  presenceTypeLabel,
  type PresenceFilter,
} from '../presence';
import { PresenceSummary } from './presence-summary';
import { PresenceTable } from './presence-table';
import { StaffPage } from './staff-page';

const fieldSx = { minWidth: { xs: '100%', sm: 200 } };

/** /presence (admin, maintenance head): who is free, busy, blocked or off shift, per vehicle type (issue #20). */
export function PresencePage() {
  const presence = usePresence();
  const { t } = useTranslation();
  const [filter, setFilter] = useState<PresenceFilter>(allPresence);
  const rows = presence.data ?? [];
  const shown = filterPresence(rows, filter);
  const hasNoType = rows.some((row) => row.vehicleType === null);

  return (
    <StaffPage
      title={t('staff.presence.title')}
      actions={
        <Button color="inherit" variant="outlined" size="small" onClick={() => void presence.refetch()} disabled={presence.isFetching}>
          {t('staff.presence.refresh')}
        </Button>
      }
    >
      <Typography color="text.secondary">
        {t('staff.presence.readEvery', { seconds: PRESENCE_REFRESH_MS / 1000 })}
        {presence.dataUpdatedAt > 0 && t('staff.presence.lastRead', { time: formatTime(presence.dataUpdatedAt) })}
      </Typography>
      {presence.isError && (
        <Alert severity={presence.data ? 'warning' : 'error'}>
          {messageOf(presence.error, presence.data ? t('staff.presence.refreshFailed') : t('staff.presence.loadFailed'))}
        </Alert>
      )}
      {!presence.data ? (
        !presence.isError && (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>{t('staff.presence.loading')}</Typography>
          </Box>
        )
      ) : (
        <>
          <Typography variant="h6" component="h2">
            {t('staff.presence.byVehicleType')}
          </Typography>
          <PresenceSummary counts={presenceCounts(rows)} />
          <Typography variant="h6" component="h2">
            {t('staff.presence.drivers')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="section" aria-label={t('staff.presence.filters')}>
            <TextField
              select
              label={t('staff.presence.state')}
              value={filter.state}
              onChange={(e) => setFilter({ ...filter, state: e.target.value as PresenceFilter['state'] })}
              sx={fieldSx}
            >
              <MenuItem value="all">{t('staff.presence.allStates')}</MenuItem>
              {DRIVER_PRESENCE_STATES.map((state) => (
                <MenuItem key={state} value={state} sx={{ textTransform: 'capitalize' }}>
                  {presenceStateLabel(state)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('staff.presence.vehicleType')}
              value={filter.vehicleType}
              onChange={(e) => setFilter({ ...filter, vehicleType: e.target.value as PresenceFilter['vehicleType'] })}
              sx={fieldSx}
            >
              <MenuItem value="all">{t('staff.presence.allVehicleTypes')}</MenuItem>
              {[...VEHICLE_TYPES, ...(hasNoType ? [NO_VEHICLE_TYPE] : [])].map((type) => (
                <MenuItem key={type} value={type}>
                  {presenceTypeLabel(type)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography role="status">{t('staff.presence.shownOf', { shown: shown.length, total: rows.length })}</Typography>
          <PresenceTable rows={shown} />
        </>
      )}
    </StaffPage>
  );
}
