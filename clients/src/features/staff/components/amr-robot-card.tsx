import { useId } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../../components/date-time-text';
import { translateMessage } from '../../../i18n/translate-message';
import { robotFacts, type RobotRow } from './amr-rules';
import { PresenceBadge } from './presence-table';

/** One robot as the engine last heard it: presence, link, battery, place, ride, why it takes no ride, its errors. */
export function AmrRobotCard({ robot }: { robot: RobotRow }) {
  const { t } = useTranslation();
  const nameId = useId();
  const { link } = robot;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={nameId}
      data-testid={`robot-${robot.operatorId}`}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" id={nameId} sx={{ overflowWrap: 'anywhere' }}>
              {robot.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {robot.manufacturer} · {robot.serialNumber}
            </Typography>
          </Box>
          <PresenceBadge state={robot.presence} />
        </Stack>
        {link.notReady && (
          // A note, not an alert: it stays while the robot is not ready and is read again every few seconds.
          <Alert severity="warning" role="note" sx={{ py: 0 }}>
            {t('staff.machines.robot.notReady', { reason: translateMessage(link.notReady) })}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          {robotFacts(robot).map(([fact, label, value]) => (
            <Box key={fact} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" data-testid={`robot-${fact}`}>
                {fact === 'last-heard' ? <DateTimeText text={value} /> : value}
              </Typography>
            </Box>
          ))}
        </Box>
        {link.errors.length > 0 && (
          <Box
            component="ul"
            aria-label={t('staff.machines.robot.errorsOf', { name: robot.name })}
            sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
          >
            {link.errors.map((error, index) => (
              <Typography
                key={`${error.type}:${index}`}
                component="li"
                variant="body2"
                sx={{
                  px: 1.5,
                  py: 0.5,
                  borderLeft: 4,
                  borderColor: error.level === 'FATAL' ? 'error.main' : 'warning.main',
                  bgcolor: 'grey.50',
                  overflowWrap: 'anywhere',
                }}
              >
                <strong>
                  {error.level} {error.type}
                </strong>
                {error.description ? `: ${error.description}` : ''}
              </Typography>
            ))}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
