import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/event-store';
import { openTestStore, testStoreKinds, type TestDatabase } from '../test-support/test-database';
import { appendDriverEvent, driverEvents } from '../test-support/driver-events';
import { createDriverRoster, type DriverRoster } from './driver-roster';

describe.each(testStoreKinds())('driver roster on %s', (kind) => {
  let database: TestDatabase;
  let store: EventStore;
  const rosters: DriverRoster[] = [];
  const roster = async () => {
    const made = await createDriverRoster(database, store);
    rosters.push(made);
    return made;
  };

  beforeEach(async () => {
    ({ database, store } = await openTestStore(kind));
  });
  afterEach(async () => {
    await Promise.all(rosters.splice(0).map((made) => made.close()));
    await database.dispose();
  });

  it('given drivers who are inactive, without access, blocked or busy, when it counts who could take over a ride from one of them, then only Active, unblocked drivers with access count, by type, and never the one handing over', async () => {
    await appendDriverEvent(store, driverEvents.added('D001'));
    await appendDriverEvent(store, driverEvents.added('D002', 1));
    await appendDriverEvent(store, driverEvents.added('D003', 2, { status: 'Not Active' }));
    await appendDriverEvent(store, driverEvents.added('D004', 3));
    await appendDriverEvent(store, driverEvents.accessToggled('D004', false));
    await appendDriverEvent(store, driverEvents.added('D005', 4));
    await appendDriverEvent(store, driverEvents.blockedForMaintenance('D005', 'M1'));
    await appendDriverEvent(store, driverEvents.added('D006', 5));
    await appendDriverEvent(store, driverEvents.assignedToRide('D006', 'R9'));
    await appendDriverEvent(store, driverEvents.added('C001', 6, { vehicleAssigned: 'Crane' }));
    const made = await roster();
    // D006 is busy with a ride but could take this one over once free: he counts, as the read model's count did.
    expect(made.alternativeDrivers('D001')).toEqual({ Forklift: 2, Crane: 1 });
    expect(made.alternativeDrivers('C001')).toEqual({ Forklift: 3 });
    await appendDriverEvent(store, driverEvents.blockedForMaintenance('D002', 'M2'));
    expect(made.alternativeDrivers('D001')).toEqual({ Forklift: 1, Crane: 1 });
  });
});
