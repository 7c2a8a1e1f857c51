import { Chip, type ChipProps } from '@mui/material';
import { isInProgress, type RideStatus } from '@plantride/schemas';

/** Completed green, ongoing blue, requested amber, booked for later brown, other grey (SPEC §4); accepted reads 'ongoing'. */
export function statusLook(status: RideStatus): { label: string; color: ChipProps['color'] } {
  if (status === 'completed') return { label: status, color: 'success' };
  if (status === 'scheduled') return { label: status, color: 'secondary' };
  if (status === 'requested') return { label: status, color: 'warning' };
  if (isInProgress(status)) return { label: status === 'accepted' ? 'ongoing' : status, color: 'info' };
  return { label: status === 'waiting_for_reassignment' ? 'waiting for reassignment' : status, color: 'default' };
}

export function StatusChip({ status }: { status: RideStatus }) {
  const { label, color } = statusLook(status);
  return <Chip size="small" label={label} color={color} sx={{ textTransform: 'capitalize', fontWeight: 600 }} />;
}
