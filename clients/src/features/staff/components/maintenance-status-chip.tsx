import { Chip, type ChipProps } from '@mui/material';
import { MAINTENANCE_STATUSES, type MaintenanceStatus } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, ChipProps['color']> = { pending: 'warning', accepted: 'info', completed: 'success', rejected: 'error' };

/** Maintenance badges: pending, accepted, completed, rejected; anything else reads N/A (SPEC §4). */
export function MaintenanceStatusChip({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const known = status && (MAINTENANCE_STATUSES as readonly string[]).includes(status);
  return (
    <Chip
      size="small"
      label={known ? t(`staff.common.statuses.${status as MaintenanceStatus}`) : t('messages.notAvailable')}
      color={known ? COLORS[status] : 'default'}
      sx={{ textTransform: 'capitalize', fontWeight: 600 }}
    />
  );
}
