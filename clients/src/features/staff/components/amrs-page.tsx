import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { useRobots } from '../api/amrs';
import { AmrNodesSection } from './amr-nodes-section';
import { AmrRegisterDialog } from './amr-register-dialog';
import { AmrRobotCard } from './amr-robot-card';
import { StaffPage } from './staff-page';

/**
 * /amrs (issue #33 item 4): the AMR robots driven over VDA 5050, as the engine last heard each one, read
 * again every few seconds. The admin registers robots and maps places to nodes; the maintenance head reads.
 */
export function AmrsPage() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.role === 'admin');
  const robots = useRobots();
  const [registering, setRegistering] = useState(false);

  return (
    <StaffPage title={t('staff.machines.amrs.title')} maxWidth="md">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('staff.machines.amrs.intro')}
        </Typography>
        {isAdmin && (
          <Button variant="contained" onClick={() => setRegistering(true)}>
            {t('staff.machines.amrs.register')}
          </Button>
        )}
      </Stack>
      {robots.data ? (
        <>
          {!robots.data.mqtt && (
            <Alert severity="warning" role="note">
              {t('staff.machines.amrs.noMqtt')}
            </Alert>
          )}
          {robots.isError && <Alert severity="warning">{messageOf(robots.error, t('staff.machines.amrs.refreshFailed'))}</Alert>}
          {robots.data.robots.length === 0 ? (
            <Typography>{t('staff.machines.amrs.none')}</Typography>
          ) : (
            robots.data.robots.map((robot) => <AmrRobotCard key={robot.operatorId} robot={robot} />)
          )}
          <AmrNodesSection answer={robots.data} canEdit={isAdmin} />
        </>
      ) : robots.isError ? (
        <LoadError
          error={robots.error}
          fallback={t('staff.machines.amrs.loadFailed')}
          retry={() => void robots.refetch()}
          retrying={robots.isFetching}
        />
      ) : (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <Typography>{t('staff.machines.amrs.loading')}</Typography>
        </Box>
      )}
      {isAdmin && <AmrRegisterDialog open={registering} onClose={() => setRegistering(false)} />}
    </StaffPage>
  );
}
