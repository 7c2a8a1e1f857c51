import { Box, Button } from '@mui/material';
import { isAheadOf, type RideStateName } from '@plantride/schemas';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n';

/** What a redistributed ride says about its breakdown (the offered row, or the ongoing ride one took over). */
export interface HandOverFacts {
  fromLocation: string;
  toLocation: string;
  rideState: RideStateName | null | undefined;
  maintenanceComment: string | null | undefined;
  originalDriverName: string | null | undefined;
  originalDriverMobile: string | null | undefined;
  /** On the ongoing card: the ride's status now, which may have moved on since the hand-over. */
  status?: string;
}

/** Where the material is when the ride is handed over, by the state the first driver left it in. */
export function materialWhereabouts({ rideState, fromLocation, toLocation, originalDriverName, status }: HandOverFacts): string {
  const driver = originalDriverName || i18n.t('driver.handOver.theFirstDriver');
  if (isAheadOf(status, 'material picked')) return i18n.t('driver.handOver.dropped', { place: toLocation });
  if (status === 'material picked' && (rideState === 'accepted' || rideState === 'started')) return i18n.t('driver.handOver.onYourVehicle');
  switch (rideState) {
    case 'material_picked':
      return i18n.t('driver.handOver.onBrokenVehicle', { driver });
    case 'material_dropped':
      return i18n.t('driver.handOver.dropped', { place: toLocation });
    case 'accepted':
    case 'started':
      return i18n.t('driver.handOver.notPicked', { place: fromLocation });
    default:
      return i18n.t('driver.handOver.unknown');
  }
}

/** The breakdown's context on a ride card: the material, the note and the first driver with a call link. */
export function HandOverDetails({ facts, testId }: { facts: HandOverFacts; testId: string }) {
  const { t } = useTranslation();
  const name = facts.originalDriverName || t('messages.unknown');
  return (
    <Box
      component="dl"
      data-testid={testId}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 1.5,
        rowGap: 0.25,
        m: 0,
        my: 1,
        p: 1,
        borderLeft: 3,
        borderColor: 'warning.main',
        bgcolor: 'action.hover',
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      <dt>{t('driver.handOver.material')}</dt>
      <dd>{materialWhereabouts(facts)}</dd>
      <dt>{t('driver.handOver.breakdown')}</dt>
      <dd>{facts.maintenanceComment || t('driver.handOver.noNote')}</dd>
      <dt>{t('driver.handOver.firstDriver')}</dt>
      <dd>
        {name}
        {facts.originalDriverMobile && (
          // A button-sized call link: drivers tap it with gloves on.
          <Box sx={{ mt: 0.5 }}>
            <Button variant="outlined" size="small" href={`tel:${facts.originalDriverMobile}`} sx={{ textTransform: 'none' }}>
              {t('common.callOn', { name, mobile: facts.originalDriverMobile })}
            </Button>
          </Box>
        )}
      </dd>
    </Box>
  );
}
