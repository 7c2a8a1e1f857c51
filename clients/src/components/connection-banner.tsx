import { Box, Typography } from '@mui/material';
import { formatDateTime } from '../lib/format-date';
import { connectionStatus, useConnection, type ConnectionStatus } from '../lib/connection.store';
import { labelOf, useOfflineQueue } from '../lib/offline-queue';
import { useSession } from '../lib/session.store';
import { useConnectionSync } from '../lib/use-connection-sync';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

const LOOK: Record<ConnectionStatus, { background: string; color: string }> = {
  online: { background: '#e6f2ea', color: '#14482a' },
  reconnecting: { background: '#fff1d6', color: '#5c3700' },
  offline: { background: '#fbe3e1', color: '#7a1610' },
};

/** What waits in the offline queue, named as the driver tapped it: 'Waiting for network: Material Picked'. */
export const waitingActions = (labels: readonly string[]) => i18n.t('connection.waiting', { labels: labels.join(', ') });

/**
 * The strip above every signed-in screen: is the live connection up, trying again, or is the
 * network gone, and when did the last update arrive. Nobody reads a stale screen as current.
 */
export function ConnectionBanner() {
  const owner = useSession((s) => s.user?.token_no ?? null);
  const { t } = useTranslation();
  useConnectionSync();
  const status = useConnection(connectionStatus);
  const lastUpdate = useConnection((s) => s.lastUpdate);
  const socketUp = useConnection((s) => s.socketUp);
  const commands = useOfflineQueue((s) => s.commands);
  const waiting = commands.filter((c) => c.owner === owner).map(labelOf);
  if (!owner) return null;
  const look = LOOK[status];
  return (
    <Box
      component="section"
      aria-label={t('connection.label')}
      data-testid="connection-banner"
      data-status={status}
      data-socket={socketUp ? 'up' : 'down'}
      sx={{
        bgcolor: look.background,
        color: look.color,
        px: { xs: 1.5, sm: 3 },
        py: 0.5,
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0,
        alignItems: 'baseline',
      }}
    >
      <Typography component="span" role="status" variant="body2" sx={{ fontWeight: 700 }} data-testid="connection-status">
        {t(`connection.${status}`)}
      </Typography>
      <Typography component="span" variant="body2" data-testid="connection-last-update">
        {t('connection.lastUpdate', { when: lastUpdate === null ? t('connection.noneYet') : formatDateTime(lastUpdate) })}
      </Typography>
      {waiting.length > 0 && (
        <Typography component="span" variant="body2" sx={{ fontWeight: 700 }} data-testid="connection-waiting">
          {waitingActions(waiting)}
        </Typography>
      )}
    </Box>
  );
}
