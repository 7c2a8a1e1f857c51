import { Box, Button } from '@mui/material';
import { isAheadOf, type RideStateName } from '@plantride/schemas';

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
  const driver = originalDriverName || 'the first driver';
  if (isAheadOf(status, 'material picked')) return `Already dropped at ${toLocation}`;
  if (status === 'material picked' && (rideState === 'accepted' || rideState === 'started')) return 'Picked up — on your vehicle';
  switch (rideState) {
    case 'material_picked':
      return `Picked up — on ${driver}'s broken-down vehicle`;
    case 'material_dropped':
      return `Already dropped at ${toLocation}`;
    case 'accepted':
    case 'started':
      return `Not picked up yet — at ${fromLocation}`;
    default:
      return 'Unknown — ask the first driver';
  }
}

/** The breakdown's context on a ride card: the material, the note and the first driver with a call link. */
export function HandOverDetails({ facts, testId }: { facts: HandOverFacts; testId: string }) {
  const name = facts.originalDriverName || 'Unknown';
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
      <dt>Material</dt>
      <dd>{materialWhereabouts(facts)}</dd>
      <dt>Breakdown</dt>
      <dd>{facts.maintenanceComment || 'No note'}</dd>
      <dt>First driver</dt>
      <dd>
        {name}
        {facts.originalDriverMobile && (
          // A button-sized call link: drivers tap it with gloves on.
          <Box sx={{ mt: 0.5 }}>
            <Button
              variant="outlined"
              size="small"
              href={`tel:${facts.originalDriverMobile}`}
              aria-label={`Call ${name} on ${facts.originalDriverMobile}`}
              sx={{ textTransform: 'none' }}
            >
              Call {facts.originalDriverMobile}
            </Button>
          </Box>
        )}
      </dd>
    </Box>
  );
}
