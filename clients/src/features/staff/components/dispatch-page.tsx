import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDispatchSettings } from '../api/dispatch-settings';
import { DispatchForm } from './dispatch-form';
import { StaffPage } from './staff-page';
import { LoadError } from '../../../components/load-error';

/** /dispatch (admin): how rides reach drivers, how long an offer stands, the service targets (issue #20). */
export function DispatchPage() {
  const { t } = useTranslation();
  const settings = useDispatchSettings();
  return (
    <StaffPage title={t('staff.dispatch.title')} maxWidth="md">
      {settings.data ? (
        // A new read (after a save) starts the form again from what the engine holds.
        <DispatchForm key={settings.dataUpdatedAt} settings={settings.data} />
      ) : settings.isError ? (
        <LoadError
          error={settings.error}
          fallback={t('staff.dispatch.loadFailed')}
          retry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>{t('staff.dispatch.loading')}</Typography>
        </Box>
      )}
    </StaffPage>
  );
}
