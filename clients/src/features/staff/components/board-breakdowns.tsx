import { Typography } from '@mui/material';
import type { BoardAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { formatTime } from '../../../lib/format-date';
import { MaintenanceStatusChip } from './maintenance-status-chip';
import { BoardCard, BoardSection } from './board-section';

/** ' · full breakdown'; a kind the client does not know is shown as the engine wrote it. */
function breakdownText(kind: string): string {
  return kind === 'full' || kind === 'partial' ? i18n.t(`staff.board.breakdownKinds.${kind}`) : ` · ${kind} breakdown`;
}

/** Maintenance requests not yet completed or rejected, oldest first; Requests is where they are handled. */
export function OpenBreakdowns({ breakdowns }: { breakdowns: BoardAnswer['breakdowns'] }) {
  const { t } = useTranslation();
  return (
    <BoardSection id="board-breakdowns" title={t('staff.board.breakdowns')} count={breakdowns.length} empty={t('staff.board.noBreakdowns')}>
      {breakdowns.map((request) => (
        <BoardCard key={request.requestId} tone={request.breakdownType === 'full' ? 'warning' : undefined}>
          <Typography sx={{ fontWeight: 600 }}>{`${request.driverName} (${request.driverId}) · ${request.vehicleType}`}</Typography>
          <Typography variant="body2">
            {request.issue}
            {request.breakdownType ? breakdownText(request.breakdownType) : ''}
            {request.rideId ? t('staff.board.duringRide', { rideId: request.rideId }) : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div">
            {t('staff.board.filed', { time: formatTime(request.requestedAt) })}
            <MaintenanceStatusChip status={request.status} />
          </Typography>
        </BoardCard>
      ))}
    </BoardSection>
  );
}
