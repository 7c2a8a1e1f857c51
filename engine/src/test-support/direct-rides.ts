import { randomUUID } from 'node:crypto';
import type { Actor, VehicleType } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { handle, type CommandHandler, type Streams } from '../commands/command-handler';
import { DomainError } from '../commands/errors';
import { addDriver } from '../drivers/driver.decider';
import { acceptRide, bookRide, cancelRide, redistributeRide, rideStep, takeOverRide } from '../rides/ride.decider';
import { signUp } from '../users/user.decider';
import { countDriverOnRoster } from './roster-events';

type Step = 'StartRide' | 'PickMaterial' | 'DropMaterial' | 'EndRide';

/** The times of a ride carried out by one driver from request to end; `started` defaults to `accepted`. */
export interface RideTimes {
  requested: string;
  accepted: string;
  started?: string;
  picked: string;
  dropped: string;
  ended: string;
}

export const driverName = (driverId: string) => `${driverId} Name`;

const SYSTEM: Actor = { system: 'test' };

/**
 * Drives rides through the real command handlers straight on a store, with a chosen clock (every time exact);
 * the requester and each driver (record and account) are made the first time they are named. Each
 * call answers the store position.
 */
/** Runs one command through the real pipeline at `at` as `actor`; answers the store position. */
export function commandRunner(store: EventStore) {
  return async <C extends { type: string }, R extends Streams>(handler: CommandHandler<C, R>, command: C, at: string, actor: Actor) =>
    (await handle(store, handler, command, { now: new Date(at), actor, commandId: randomUUID() })).position;
}

export function directRides(store: EventStore) {
  const run = commandRunner(store);
  const made = new Map<string, Promise<unknown>>();
  // Made once per helper; one another helper on the same store already made stands as it is.
  const person = (tokenNo: string, make: () => Promise<unknown>) => {
    if (!made.has(tokenNo))
      made.set(
        tokenNo,
        make().catch((error: unknown) => (error instanceof DomainError && error.status === 409 ? undefined : Promise.reject(error))),
      );
    return made.get(tokenNo);
  };
  const requester = () =>
    person('AB12', () =>
      run(
        signUp,
        {
          type: 'SignUp',
          data: { tokenNo: 'AB12', name: 'Asha', mobile: '9000000001', passwordHash: 'x', role: 'requester', assignedVehicleType: null },
        },
        '2026-01-01T00:00:00Z',
        SYSTEM,
      ),
    );
  const driver = (driverId: string, vehicleType: VehicleType) =>
    person(driverId, async () => {
      const record = {
        operatorId: driverId,
        vehicle: '12',
        name: driverName(driverId),
        mobile: '9876543210',
        role: 'Driver' as const,
        forklift: '',
        status: 'Active' as const,
        comments: '',
        vehicleAssigned: vehicleType,
      };
      await run(addDriver, { type: 'AddDriver', data: record }, '2026-01-01T00:00:00Z', SYSTEM);
      await run(
        signUp,
        { type: 'SignUp', data: { tokenNo: driverId, name: null, mobile: null, passwordHash: 'x' } },
        '2026-01-01T00:00:00Z',
        SYSTEM,
      );
    });
  const rides = {
    book: async (
      rideId: string,
      vehicleType: VehicleType,
      at: string,
      route: { from: string; to: string } = { from: 'main gate', to: 'canteen' },
    ) => {
      await requester();
      const data = {
        rideId,
        requesterId: 'AB12',
        requesterName: 'Asha',
        requesterMobile: '9000000001',
        fromLocation: route.from,
        toLocation: route.to,
        vehicleType,
        rideType: 'Regular' as const,
        durationMinutes: null,
      };
      await countDriverOnRoster(store, vehicleType);
      return run(bookRide, { type: 'BookRide', data }, at, { tokenNo: 'AB12', role: 'requester' });
    },
    accept: async (rideId: string, driverId: string, vehicleType: VehicleType, at: string) => {
      await driver(driverId, vehicleType);
      return run(acceptRide, { type: 'AcceptRide', data: { rideId, driverId } }, at, { tokenNo: driverId, role: 'driver' });
    },
    step: (rideId: string, type: Step, driverId: string, at: string) =>
      run(rideStep, { type, data: { rideId, driverId } }, at, { tokenNo: driverId, role: 'driver' }),
    cancel: (rideId: string, at: string) =>
      run(cancelRide, { type: 'CancelRide', data: { rideId } }, at, { tokenNo: 'AB12', role: 'requester' }),
    redistribute: (rideId: string, originalDriverId: string, vehicleType: VehicleType, at: string) =>
      run(
        redistributeRide,
        {
          type: 'RedistributeRide',
          data: { rideId, originalDriverId, vehicleType, maintenanceComment: 'hydraulics' },
          alternativeDrivers: { [vehicleType]: 1 },
        },
        at,
        SYSTEM,
      ),
    takeOver: async (rideId: string, driverId: string, vehicleType: VehicleType, at: string) => {
      await driver(driverId, vehicleType);
      return run(takeOverRide, { type: 'TakeOverRide', data: { rideId, driverId, resumeState: null } }, at, {
        tokenNo: driverId,
        role: 'driver',
      });
    },
    /** A driver's record and account, as the rides' drivers get theirs (once). */
    driver,
    async complete(rideId: string, vehicleType: VehicleType, driverId: string, times: RideTimes) {
      await rides.book(rideId, vehicleType, times.requested);
      await rides.accept(rideId, driverId, vehicleType, times.accepted);
      await rides.step(rideId, 'StartRide', driverId, times.started ?? times.accepted);
      await rides.step(rideId, 'PickMaterial', driverId, times.picked);
      await rides.step(rideId, 'DropMaterial', driverId, times.dropped);
      return rides.step(rideId, 'EndRide', driverId, times.ended);
    },
  };
  return rides;
}
