import { Box, Chip, Typography } from '@mui/material';
import type { BoardAnswer } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';
import { presenceStateLabel } from '../presence';
import { formatTime } from '../../../lib/format-date';
import { BoardCard, BoardSection } from './board-section';

const STATE_COLOURS = { free: 'success', busy: 'info', 'on break': 'warning', blocked: 'error', 'off shift': 'default' } as const;

type BoardDriver = BoardAnswer['drivers'][number]['drivers'][number];

/** 'Asha (D001): busy, ride R1', 'Bala (D002): on break since 10:42'. */
const driverLabel = (driver: BoardDriver) =>
  `${driver.name} (${driver.operatorId}): ${presenceStateLabel(driver.state)}${
    driver.rideId ? i18n.t('staff.board.driverRide', { rideId: driver.rideId }) : ''
  }${driver.breakSince ? i18n.t('staff.board.driverSince', { time: formatTime(driver.breakSince) }) : ''}`;

/** Drivers on shift per vehicle type, as the engine's roster has them: free, busy (with his ride), on break (since when) or blocked. */
export function DriversByType({ groups }: { groups: BoardAnswer['drivers'] }) {
  const { t } = useTranslation();
  const onShift = groups.reduce((sum, group) => sum + group.drivers.length, 0);
  return (
    <BoardSection id="board-drivers" title={t('staff.board.drivers')} count={onShift} empty={t('staff.board.noDrivers')}>
      {groups.map((group) => (
        <BoardCard key={group.vehicleType}>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {group.vehicleType}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('staff.board.groupCounts', group.counts)}
          </Typography>
          {group.drivers.length > 0 && (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {group.drivers.map((driver) => (
                <Box component="li" key={driver.operatorId}>
                  <Chip
                    size="small"
                    color={STATE_COLOURS[driver.state]}
                    variant={driver.state === 'free' ? 'filled' : 'outlined'}
                    label={driverLabel(driver)}
                    sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                  />
                </Box>
              ))}
            </Box>
          )}
        </BoardCard>
      ))}
    </BoardSection>
  );
}
