import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Passed or Failed, readable without its colour. */
export function InspectionResultChip({ passed }: { passed: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={passed ? t('staff.audit.passed') : t('staff.audit.failed')}
      color={passed ? 'success' : 'error'}
      variant={passed ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600 }}
    />
  );
}
