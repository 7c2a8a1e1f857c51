import { Alert, Box, Card, CardActionArea, CardContent, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { MESSAGES } from '@plantride/schemas';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session.store';
import { useVerifyAccess } from '../api/verify-access';
import { useLiveBoard } from '../use-board-live';
import { BoardCounts } from './board-counts';

interface DashboardCard {
  title: string;
  to: string;
  text: string;
  adminOnly?: boolean;
}

const CARDS: readonly DashboardCard[] = [
  { title: 'Board', to: '/board', text: 'Waiting rides, offers, drivers on shift, open breakdowns and alerts to acknowledge.' },
  { title: 'Requests', to: '/requests', text: 'Accept, reject and complete maintenance requests.' },
  { title: 'Ride Reports', to: '/ride-reports', text: 'Every ride with its driver, times and gaps; download as CSV.' },
  { title: 'Driver Info', to: '/driver-info', text: 'Add drivers, edit their records and mark vehicles Not Active.', adminOnly: true },
  {
    title: 'Reports',
    to: '/reports',
    text: 'Rides per day, wait and delivery times, rides on target, driver utilisation, busiest routes; fleet breakdowns, MTBF and downtime.',
  },
  { title: 'Ride Audit', to: '/ride-audit', text: "Replay any ride's timeline, step by step." },
  { title: 'Site', to: '/site', text: 'Places on the plant plan and the minutes between them.', adminOnly: true },
  { title: 'Drivers on Shift', to: '/presence', text: 'Who is free, busy, blocked or off shift, per vehicle type.' },
  { title: 'Vehicle Inspections', to: '/inspections', text: "Drivers' daily vehicle inspections, passed or failed, with their notes." },
  {
    title: 'Dispatch',
    to: '/dispatch',
    text: 'Broadcast or offer rides one driver at a time; offer time and service targets.',
    adminOnly: true,
  },
  {
    title: 'Inspection checklists',
    to: '/checklists',
    text: "Each vehicle type's daily inspection checklist, and whether drivers must pass it before taking rides.",
    adminOnly: true,
  },
  {
    title: 'Service accounts',
    to: '/service-accounts',
    text: 'Systems that place orders with an API key: scopes, keys shown once, rotation, revoking, machine triggers.',
    adminOnly: true,
  },
  {
    title: 'AMR robots',
    to: '/amrs',
    text: "Robots driven over VDA 5050: each one's connection, battery, place and ride; registering robots and the places' node ids.",
  },
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
  const cards = isAdmin
    ? [...CARDS, { title: 'Book a Ride', to: '/requester', text: 'Book a Fixed Ride or a Special Task Ride, as a requester does.' }]
    : CARDS;

  return (
    <>
      <PageHeader title="PlantRide" backTo="/board" />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Typography variant="h5" component="h1">
            {isAdmin ? 'Admin Tools' : 'Maintenance Head Dashboard'}
          </Typography>
          {access.data === true && board.data && <BoardCounts counts={board.data.counts} />}
        </Stack>
        {access.isPending ? (
          <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>Checking access…</Typography>
          </Box>
        ) : access.data !== true ? (
          <Alert severity="error" role="alert">
            {access.error instanceof ApiError && access.error.status === 403
              ? MESSAGES.notAuthorizedMaintenanceHead
              : MESSAGES.unauthorizedAccess}
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
                    <CardActionArea
                      component={RouterLink}
                      to={card.to}
                      aria-labelledby={`card${card.to.replace('/', '-')}`}
                      sx={{ height: '100%' }}
                    >
                      <CardContent>
                        <Typography variant="h6" component="h2" id={`card${card.to.replace('/', '-')}`}>
                          {card.title}
                        </Typography>
                        <Typography color="text.secondary">{card.text}</Typography>
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
