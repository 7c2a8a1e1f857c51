import { Box, Chip } from '@mui/material';
import type { BoardAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { alertCountsText } from '../board';

/** The board's counts in one line of chips: what waits, what is offered, breakdowns and open alerts by kind. */
export function BoardCounts({ counts }: { counts: BoardAnswer['counts'] }) {
  const { t } = useTranslation();
  const chips = [
    { key: 'waiting', label: t('staff.board.ridesWaiting', { count: counts.waitingRides }), warn: counts.waitingRides > 0 },
    { key: 'offers', label: t('staff.board.offersInFlight', { count: counts.offers }), warn: false },
    { key: 'breakdowns', label: t('staff.board.openBreakdowns', { count: counts.breakdowns }), warn: counts.breakdowns > 0 },
    { key: 'alerts', label: alertCountsText(counts.alerts), warn: counts.alerts.total > 0 },
  ];
  return (
    <Box
      component="ul"
      aria-label={t('staff.board.counts')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {chips.map((chip) => (
        <Box component="li" key={chip.key} sx={{ maxWidth: '100%' }}>
          <Chip
            label={chip.label}
            color={chip.warn ? (chip.key === 'alerts' ? 'error' : 'warning') : 'default'}
            variant={chip.warn ? 'filled' : 'outlined'}
            sx={{ maxWidth: '100%', height: 'auto', minHeight: 32, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          />
        </Box>
      ))}
    </Box>
  );
}
