import { Chip, type ChipProps } from '@mui/material';
import { MAINTENANCE_STATUSES, MESSAGES } from '@plantride/schemas';

const COLORS: Record<string, ChipProps['color']> = { pending: 'warning', accepted: 'info', completed: 'success', rejected: 'error' };

/** Maintenance badges: pending, accepted, completed, rejected; anything else reads N/A (SPEC §4). */
export function MaintenanceStatusChip({ status }: { status: string | null | undefined }) {
  const known = status && (MAINTENANCE_STATUSES as readonly string[]).includes(status);
  return (
    <Chip
      size="small"
      label={known ? status : MESSAGES.notAvailable}
      color={known ? COLORS[status] : 'default'}
      sx={{ textTransform: 'capitalize', fontWeight: 600 }}
    />
  );
}
