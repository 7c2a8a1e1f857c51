import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The badge of an urgent ride (issue #20). */
export function UrgentChip() {
  const { t } = useTranslation();
  return <Chip size="small" label={t('common.urgent')} color="error" sx={{ fontWeight: 600 }} />;
}
