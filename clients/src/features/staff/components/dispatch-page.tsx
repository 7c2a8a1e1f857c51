import { Box, CircularProgress, Typography } from '@mui/material';
import { useDispatchSettings } from '../api/dispatch-settings';
import { DispatchForm } from './dispatch-form';
import { StaffPage } from './staff-page';
import { LoadError } from '../../../components/load-error';

/** /dispatch (admin): how rides reach drivers, how long an offer stands, the service targets (issue #20). */
export function DispatchPage() {
  const settings = useDispatchSettings();
  return (
    <StaffPage title="Dispatch" maxWidth="md">
      {settings.data ? (
        // A new read (after a save) starts the form again from what the engine holds.
        <DispatchForm key={settings.dataUpdatedAt} settings={settings.data} />
      ) : settings.isError ? (
        <LoadError
          error={settings.error}
          fallback="Could not load the dispatch settings."
          retry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>Loading the dispatch settings…</Typography>
        </Box>
      )}
    </StaffPage>
  );
}
