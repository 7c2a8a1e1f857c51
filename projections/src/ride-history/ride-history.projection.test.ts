import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { rideEvents as e } from '../../../engine/src/test-support/ride-events';
import { ridesProjection } from '../rides/rides.projection';
import { rideHistoryProjection } from './ride-history.projection';
import { rideHistoryOfDriver, rideHistoryOfRequester } from './ride-history.queries';

describe.each(testStoreKinds())('ride history read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, ridesProjection, rideHistoryProjection);
  });
  afterEach(() => spec.dispose());

  const ids = (rows: { ride_id: string }[]) => rows.map((row) => row.ride_id);

  it('given rides of two requesters, then each requester sees only his own, newest first', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0), e.requested('R2', 'RQ02', 1), e.requested('R3', 'RQ01', 2), e.cancelled('R3', 'RQ01', 3));
    expect(ids(await rideHistoryOfRequester(spec.db, 'RQ01'))).toEqual(['R3', 'R1']);
    expect(ids(await rideHistoryOfRequester(spec.db, 'RQ02'))).toEqual(['R2']);
    expect(await rideHistoryOfRequester(spec.db, 'RQ01')).toMatchObject([{ status: 'cancelled' }, { status: 'requested' }]);
  });

  it('given a ride redistributed twice, then it stays in the history of all three drivers and shows its current driver', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
      e.takenOver('R1', 'FL02', 4),
      e.redistributed('R1', 'FL02', 5),
      e.takenOver('R1', 'FL03', 6),
    );
    for (const driver of ['FL01', 'FL02', 'FL03']) expect(await rideHistoryOfDriver(spec.db, driver)).toMatchObject([{ ride_id: 'R1', driver_id: 'FL03', status: 'started' }]);
    expect(await rideHistoryOfDriver(spec.db, 'FL04')).toEqual([]);
  });

  it('given a ride only requested, then no driver has it in his history', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0));
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toEqual([]);
  });
});
