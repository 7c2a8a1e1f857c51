import { Box, Chip } from '@mui/material';
import type { BoardAnswer } from '@plantride/schemas';
import { alertCountsText } from '../board';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The board's counts in one line of chips: what waits, what is offered, breakdowns and open alerts by kind. */
export function BoardCounts({ counts }: { counts: BoardAnswer['counts'] }) {
  const chips = [
    { key: 'waiting', label: plural(counts.waitingRides, 'ride waiting', 'rides waiting'), warn: counts.waitingRides > 0 },
    { key: 'offers', label: plural(counts.offers, 'offer in flight', 'offers in flight'), warn: false },
    { key: 'breakdowns', label: plural(counts.breakdowns, 'open breakdown', 'open breakdowns'), warn: counts.breakdowns > 0 },
    { key: 'alerts', label: alertCountsText(counts.alerts), warn: counts.alerts.total > 0 },
  ];
  return (
    <Box component="ul" aria-label="Board counts" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
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
