import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { rideEvents as e } from '../../../engine/src/test-support/ride-events';
import { ridesProjection } from '../rides/rides.projection';
import { rideHistoryProjection } from './ride-history.projection';
import { rideHistoryOfDriver, rideHistoryOfRequester } from './ride-history.queries';

// A driver's steps from accepted to delivered: a ride ends only once its material is dropped.
const steps = (rideId: string, driverId: string, minute: number) => [
  e.started(rideId, driverId, minute),
  e.picked(rideId, driverId, minute),
  e.dropped(rideId, driverId, minute),
];

describe.each(testStoreKinds())('ride history read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, ridesProjection, rideHistoryProjection);
  });
  afterEach(() => spec.dispose());

  const ids = (rows: { ride_id: string }[]) => rows.map((row) => row.ride_id);

  it('given rides of two requesters, then each requester sees only his own, newest first', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.requested('R2', 'RQ02', 1),
      e.requested('R3', 'RQ01', 2),
      e.cancelled('R3', 'RQ01', 3),
    );
    expect(ids(await rideHistoryOfRequester(spec.db, 'RQ01'))).toEqual(['R3', 'R1']);
    expect(ids(await rideHistoryOfRequester(spec.db, 'RQ02'))).toEqual(['R2']);
    expect(await rideHistoryOfRequester(spec.db, 'RQ01')).toMatchObject([{ status: 'cancelled' }, { status: 'requested' }]);
  });

  it("given a ride accepted and carried up to its drop, then it is in no driver's history until he ends it, then in his alone", async () => {
    await spec.given(e.requested('R1', 'RQ01', 0), e.accepted('R1', 'FL01', 1));
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toEqual([]);
    await spec.given(e.started('R1', 'FL01', 2), e.picked('R1', 'FL01', 3), e.dropped('R1', 'FL01', 4));
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toEqual([]);
    await spec.given(e.ended('R1', 'FL01', 5));
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toMatchObject([{ ride_id: 'R1', driver_id: 'FL01', status: 'completed' }]);
    expect(await rideHistoryOfDriver(spec.db, 'FL02')).toEqual([]);
  });

  it('given a ride handed over after a breakdown, when the driver who took it over ends it, then it is his completed ride and not in the history of the one who broke down', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
    );
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toEqual([]);
    await spec.given(e.takenOver('R1', 'FL02', 4), e.picked('R1', 'FL02', 5), e.dropped('R1', 'FL02', 6), e.ended('R1', 'FL02', 7));
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toEqual([]);
    expect(await rideHistoryOfDriver(spec.db, 'FL02')).toMatchObject([
      { ride_id: 'R1', driver_id: 'FL02', original_driver_id: 'FL01', status: 'completed' },
    ]);
  });

  it('given a ride redistributed twice, when the third driver ends it, then only he has it; the two before him do not', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
      e.takenOver('R1', 'FL02', 4),
      e.redistributed('R1', 'FL02', 5),
      e.takenOver('R1', 'FL03', 6),
      e.picked('R1', 'FL03', 7),
      e.dropped('R1', 'FL03', 7),
      e.ended('R1', 'FL03', 7),
    );
    expect(ids(await rideHistoryOfDriver(spec.db, 'FL03'))).toEqual(['R1']);
    for (const driver of ['FL01', 'FL02', 'FL04']) expect(await rideHistoryOfDriver(spec.db, driver), driver).toEqual([]);
  });

  it('given a driver who broke down and later took his own ride back and ended it, then it is his completed ride, and not the one who held it between', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.redistributed('R1', 'FL01', 2),
      e.takenOver('R1', 'FL02', 3),
      e.redistributed('R1', 'FL02', 4),
      e.takenOver('R1', 'FL01', 5),
      ...steps('R1', 'FL01', 6),
      e.ended('R1', 'FL01', 6),
    );
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toMatchObject([{ ride_id: 'R1', driver_id: 'FL01', status: 'completed' }]);
    expect(await rideHistoryOfDriver(spec.db, 'FL02')).toEqual([]);
  });

  it('given rides a driver completed, handed over and was cancelled on, then he lists only the completed ones, newest booking first', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.requested('R2', 'RQ01', 1),
      e.requested('R3', 'RQ02', 2),
      e.requested('R4', 'RQ02', 3),
      e.accepted('R1', 'FL01', 4),
      ...steps('R1', 'FL01', 5),
      e.ended('R1', 'FL01', 5),
      e.accepted('R3', 'FL01', 6),
      ...steps('R3', 'FL01', 7),
      e.ended('R3', 'FL01', 7),
      e.accepted('R2', 'FL01', 8),
      e.redistributed('R2', 'FL01', 9),
      e.cancelled('R2', 'RQ01', 10),
      e.accepted('R4', 'FL01', 11),
    );
    expect(ids(await rideHistoryOfDriver(spec.db, 'FL01'))).toEqual(['R3', 'R1']);
  });

  it('given a ride only requested, then no driver has it in his history', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0));
    expect(await rideHistoryOfDriver(spec.db, 'FL01')).toEqual([]);
  });
});
