import { Box, Button, Typography } from '@mui/material';
import type { BoardAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format-date';
import { alertText } from '../board';
import { BoardCard, BoardSection } from './board-section';

interface Props {
  alerts: BoardAnswer['alerts'];
  /** The alert being acknowledged now, if any: its button waits. */
  busyId: string | null;
  onAcknowledge: (alertId: string) => void;
}

/** Alerts the ride timers raised, newest first; each stays until a staff member acknowledges it. */
export function OpenAlerts({ alerts, busyId, onAcknowledge }: Props) {
  const { t } = useTranslation();
  return (
    <BoardSection id="board-alerts" title={t('staff.board.alerts')} count={alerts.length} empty={t('staff.board.noAlerts')}>
      {alerts.map((alert) => (
        <BoardCard key={alert.alertId} tone={alert.kind === 'waitingTooLong' ? 'warning' : 'error'}>
          <Typography sx={{ fontWeight: 600 }}>{alertText(alert)}</Typography>
          <Typography variant="body2">
            {t('staff.board.ride', { rideId: alert.rideId })}
            {alert.fromLocation && alert.toLocation ? ` · ${alert.fromLocation} → ${alert.toLocation}` : ''}
            {alert.vehicleType ? ` · ${alert.vehicleType}` : ''}
            {alert.rideStatus ? t('staff.board.nowStatus', { status: alert.rideStatus }) : ''}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('staff.board.raised', { time: formatTime(alert.raisedAt) })}
            </Typography>
            <Button
              variant="contained"
              onClick={() => onAcknowledge(alert.alertId)}
              disabled={busyId !== null}
              aria-label={t('staff.board.acknowledgeLabel', { alert: alertText(alert), rideId: alert.rideId })}
            >
              {busyId === alert.alertId ? t('staff.board.acknowledging') : t('staff.board.acknowledge')}
            </Button>
          </Box>
        </BoardCard>
      ))}
    </BoardSection>
  );
}
