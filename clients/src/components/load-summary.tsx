import { Box, Chip, Stack, Typography } from '@mui/material';
import { formatLoadQuantity, formatLoadWeight, type LoadHandling, type RideLoad } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';

// Hazardous and fragile are what a driver must not miss: filled, in capitals; temperature control is a note.
const CHIP_OF: Record<
  LoadHandling,
  {
    label: 'common.hazardous' | 'common.fragile' | 'common.temperatureControlled';
    color: 'error' | 'warning' | 'info';
    variant: 'filled' | 'outlined';
  }
> = {
  hazardous: { label: 'common.hazardous', color: 'error', variant: 'filled' },
  fragile: { label: 'common.fragile', color: 'warning', variant: 'filled' },
  'temperature-controlled': { label: 'common.temperatureControlled', color: 'info', variant: 'outlined' },
};

interface LoadSummaryProps {
  /** What is being moved, as booked (issue #32 item 7); nothing is shown without one. */
  load: RideLoad | null | undefined;
  /** Smaller chips, for a table row. */
  dense?: boolean;
  testId?: string;
}

/** What is being moved: the description, quantity and weight on one line, and the handling notes as chips. */
export function LoadSummary({ load, dense = false, testId }: LoadSummaryProps) {
  const { t } = useTranslation();
  if (!load) return null;
  const amounts = [formatLoadQuantity(load), formatLoadWeight(load)].filter(Boolean).join(' · ');
  const handling = load.handling ?? [];
  return (
    <Box data-testid={testId} role="group" aria-label={t('common.whatIsMoved')} sx={{ my: dense ? 0.25 : 1 }}>
      {(load.description || amounts) && (
        <Typography variant={dense ? 'body2' : 'body1'} sx={{ overflowWrap: 'anywhere' }}>
          {load.description && (
            <Box component="span" sx={{ fontWeight: 600 }}>
              {load.description}
            </Box>
          )}
          {load.description && amounts ? ' · ' : ''}
          {amounts}
        </Typography>
      )}
      {handling.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {handling.map((note) => {
            const chip = CHIP_OF[note];
            return (
              <Chip
                key={note}
                label={t(chip.label)}
                color={chip.color}
                variant={chip.variant}
                size={dense ? 'small' : 'medium'}
                sx={chip.variant === 'filled' ? { fontWeight: 700, letterSpacing: 0.5 } : undefined}
              />
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
