import { Typography } from '@mui/material';
import type { BoardAnswer } from '@plantride/schemas';
import { formatTime } from '../../../lib/format-date';
import { MaintenanceStatusChip } from './maintenance-status-chip';
import { BoardCard, BoardSection } from './board-section';

/** Maintenance requests not yet completed or rejected, oldest first; Requests is where they are handled. */
export function OpenBreakdowns({ breakdowns }: { breakdowns: BoardAnswer['breakdowns'] }) {
  return (
    <BoardSection id="board-breakdowns" title="Open breakdowns" count={breakdowns.length} empty="No open maintenance request.">
      {breakdowns.map((request) => (
        <BoardCard key={request.requestId} tone={request.breakdownType === 'full' ? 'warning' : undefined}>
          <Typography sx={{ fontWeight: 600 }}>
            {request.driverName} ({request.driverId}) · {request.vehicleType}
          </Typography>
          <Typography variant="body2">
            {request.issue}
            {request.breakdownType ? ` · ${request.breakdownType} breakdown` : ''}
            {request.rideId ? ` · during ride ${request.rideId}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary" component="div">
            Filed {formatTime(request.requestedAt)} · <MaintenanceStatusChip status={request.status} />
          </Typography>
        </BoardCard>
      ))}
    </BoardSection>
  );
}
