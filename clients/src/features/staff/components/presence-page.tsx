import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DRIVER_PRESENCE_STATES, VEHICLE_TYPES } from '@plantride/schemas';
import { messageOf } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format-date';
import { PRESENCE_REFRESH_MS, usePresence } from '../api/get-presence';
import { allPresence, filterPresence, NO_VEHICLE_TYPE, presenceCounts, type PresenceFilter } from '../presence';
import { PresenceSummary } from './presence-summary';
import { PresenceTable } from './presence-table';
import { StaffPage } from './staff-page';

const fieldSx = { minWidth: { xs: '100%', sm: 200 } };

/** /presence (admin, maintenance head): who is free, busy, blocked or off shift, per vehicle type (issue #20). */
export function PresencePage() {
  const presence = usePresence();
  const [filter, setFilter] = useState<PresenceFilter>(allPresence);
  const rows = presence.data ?? [];
  const shown = filterPresence(rows, filter);
  const hasNoType = rows.some((row) => row.vehicleType === null);

  return (
    <StaffPage
      title="Drivers on Shift"
      actions={
        <Button color="inherit" variant="outlined" size="small" onClick={() => void presence.refetch()} disabled={presence.isFetching}>
          Refresh
        </Button>
      }
    >
      <Typography color="text.secondary">
        Read again every {PRESENCE_REFRESH_MS / 1000} seconds and when you come back to this window.
        {presence.dataUpdatedAt > 0 && ` Last read at ${formatTime(presence.dataUpdatedAt)}.`}
      </Typography>
      {presence.isError && (
        <Alert severity={presence.data ? 'warning' : 'error'}>
          {messageOf(
            presence.error,
            presence.data ? 'Could not refresh; showing the drivers as last read.' : 'Could not load the drivers.',
          )}
        </Alert>
      )}
      {!presence.data ? (
        !presence.isError && (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>Loading drivers…</Typography>
          </Box>
        )
      ) : (
        <>
          <Typography variant="h6" component="h2">
            By vehicle type
          </Typography>
          <PresenceSummary counts={presenceCounts(rows)} />
          <Typography variant="h6" component="h2">
            Drivers
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="section" aria-label="Filters">
            <TextField
              select
              label="State"
              value={filter.state}
              onChange={(e) => setFilter({ ...filter, state: e.target.value as PresenceFilter['state'] })}
              sx={fieldSx}
            >
              <MenuItem value="all">All states</MenuItem>
              {DRIVER_PRESENCE_STATES.map((state) => (
                <MenuItem key={state} value={state} sx={{ textTransform: 'capitalize' }}>
                  {state}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Vehicle type"
              value={filter.vehicleType}
              onChange={(e) => setFilter({ ...filter, vehicleType: e.target.value as PresenceFilter['vehicleType'] })}
              sx={fieldSx}
            >
              <MenuItem value="all">All vehicle types</MenuItem>
              {[...VEHICLE_TYPES, ...(hasNoType ? [NO_VEHICLE_TYPE] : [])].map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography role="status">{`${shown.length} of ${rows.length} drivers`}</Typography>
          <PresenceTable rows={shown} />
        </>
      )}
    </StaffPage>
  );
}
