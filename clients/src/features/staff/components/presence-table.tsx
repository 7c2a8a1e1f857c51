import { Chip, TableCell, TableRow, Typography, type ChipProps } from '@mui/material';
import { formatTime } from '../../../lib/format-date';
import { useTranslation } from 'react-i18next';
import { presenceStateLabel, type PresenceRow, type PresenceState } from '../presence';
import { ScrollTable } from './scroll-table';

const BADGE: Record<PresenceState, ChipProps['color']> = {
  free: 'success',
  busy: 'info',
  'on break': 'warning',
  blocked: 'error',
  'off shift': 'default',
};
const HEADERS = ['name', 'id', 'vehicle', 'state', 'ride', 'shiftEnds', 'startedAt'] as const;

/** Free, busy, on break, blocked, off shift: each its own colour, the word always written; with `count`, '3 free' (grey when none). */
export function PresenceBadge({ state, count }: { state: PresenceState; count?: number }) {
  const label = count === undefined ? presenceStateLabel(state) : `${count} ${presenceStateLabel(state)}`;
  // A count of none stays quiet: a red '0 blocked' would call for attention it does not need.
  const quiet = count === 0 || state === 'off shift';
  return (
    <Chip
      size="small"
      label={label}
      color={count === 0 ? 'default' : BADGE[state]}
      variant={quiet ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** One row per driver: who, his state, the ride he is on, when his shift ends. */
export function PresenceTable({ rows }: { rows: readonly PresenceRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography color="text.secondary">{t('staff.presence.noMatch')}</Typography>;
  return (
    <ScrollTable label={t('staff.presence.drivers')} headers={HEADERS.map((header) => t(`staff.presence.headers.${header}`))}>
      {rows.map((row) => (
        <TableRow key={row.operatorId} data-testid={`presence-${row.operatorId}`}>
          <TableCell>{row.name || '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.operatorId}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.vehicleType ?? '—'}</TableCell>
          <TableCell>
            <PresenceBadge state={row.state} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.rideId ?? '—'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.shift ? formatTime(row.shift.endsAt) : '—'}</TableCell>
          <TableCell>{row.shift?.location ?? '—'}</TableCell>
        </TableRow>
      ))}
    </ScrollTable>
  );
}
