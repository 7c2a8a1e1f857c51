import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isInProgress, type RideStatus } from '@plantride/schemas';
import { rideStatusLabel } from '../../../lib/words';

/** Completed green, ongoing blue, requested amber, booked for later brown, other grey (SPEC §4); accepted reads 'ongoing'. */
export function statusLook(status: RideStatus): { label: string; color: ChipProps['color'] } {
  return { label: rideStatusLabel(status), color: statusColor(status) };
}

function statusColor(status: RideStatus): ChipProps['color'] {
  if (status === 'completed') return 'success';
  if (status === 'scheduled') return 'secondary';
  if (status === 'requested') return 'warning';
  return isInProgress(status) ? 'info' : 'default';
}

export function StatusChip({ status }: { status: RideStatus }) {
  useTranslation(); // speaks again when the language changes
  const { label, color } = statusLook(status);
  return <Chip size="small" label={label} color={color} sx={{ textTransform: 'capitalize', fontWeight: 600 }} />;
}
