import { Alert, Box, Card, CardActionArea, CardContent, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { staffEn } from '../../../i18n/staff/en';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { useVerifyAccess } from '../api/verify-access';
import { useLiveBoard } from '../use-board-live';
import { BoardCounts } from './board-counts';

type CardKey = keyof typeof staffEn.dashboard.cards;

interface DashboardCard {
  key: CardKey;
  to: string;
  adminOnly?: boolean;
}

const CARDS: readonly DashboardCard[] = [
  { key: 'board', to: '/board' },
  { key: 'requests', to: '/requests' },
  { key: 'rideReports', to: '/ride-reports' },
  { key: 'driverInfo', to: '/driver-info', adminOnly: true },
  { key: 'reports', to: '/reports' },
  { key: 'rideAudit', to: '/ride-audit' },
  { key: 'site', to: '/site', adminOnly: true },
  { key: 'presence', to: '/presence' },
  { key: 'inspections', to: '/inspections' },
  { key: 'dispatch', to: '/dispatch', adminOnly: true },
  { key: 'checklists', to: '/checklists', adminOnly: true },
  { key: 'serviceAccounts', to: '/service-accounts', adminOnly: true },
  { key: 'amrs', to: '/amrs' },
];

/**
 * /maintenance-head: the staff's tools as cards, once the server has confirmed the access (SPEC §2, §6),
 * with the board's counts. Issue #32 item 5: the board is the staff's home, so Back goes there, and an
 * admin reads 'Admin Tools' (and may book a ride), not the maintenance head's title.
 */
export function MaintenanceHeadDashboard() {
  const user = useSession((s) => s.user);
  const access = useVerifyAccess();
  const isAdmin = user?.role === 'admin';
  const { board } = useLiveBoard();
  const { t } = useTranslation();
  const cards: readonly DashboardCard[] = isAdmin ? [...CARDS, { key: 'bookRide', to: '/requester' }] : CARDS;

  return (
    <>
      <PageHeader title={t('common.appName')} backTo="/board" />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="h5" component="h1">
            {isAdmin ? t('staff.dashboard.adminTitle') : t('staff.dashboard.maintenanceHeadTitle')}
          </Typography>
          {access.data === true && board.data && <BoardCounts counts={board.data.counts} />}
        </Stack>
        {access.isPending ? (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>{t('staff.dashboard.checkingAccess')}</Typography>
          </Box>
        ) : access.data !== true ? (
          <Alert severity="error" role="alert">
            {access.error instanceof ApiError && access.error.status === 403
              ? t('messages.notAuthorizedMaintenanceHead')
              : t('messages.unauthorizedAccess')}
          </Alert>
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
          >
            {cards
              .filter((card) => !card.adminOnly || isAdmin)
              .map((card) => (
                <Box component="li" key={card.to}>
                  <Card variant="outlined" sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={card.to} sx={{ height: '100%' }}>
                      <CardContent>
                        <Typography variant="h6" component="h2">
                          {t(`staff.dashboard.cards.${card.key}.title`)}
                        </Typography>
                        <Typography color="text.secondary">{t(`staff.dashboard.cards.${card.key}.text`)}</Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Box>
              ))}
          </Box>
        )}
      </Container>
    </>
  );
}
