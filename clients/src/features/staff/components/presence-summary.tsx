import { Box, Paper, Stack, Typography } from '@mui/material';
import { DRIVER_PRESENCE_STATES } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { presenceTypeLabel, type PresenceCount } from '../presence';
import { PresenceBadge } from './presence-table';

/** One card per vehicle type: 'Forklift' and its '3 free', '1 busy', '0 blocked', '5 off shift' badges. */
export function PresenceSummary({ counts }: { counts: readonly PresenceCount[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('staff.presence.summary')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(auto-fill, minmax(280px, 1fr))' },
      }}
    >
      {counts.map(({ vehicleType, counts: byState }) => (
        <Paper component="li" variant="outlined" key={vehicleType} sx={{ p: 1.5 }} data-testid={`presence-count-${vehicleType}`}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {presenceTypeLabel(vehicleType)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            {DRIVER_PRESENCE_STATES.map((state) => (
              <PresenceBadge key={state} state={state} count={byState[state]} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
