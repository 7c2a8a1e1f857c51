import { randomUUID } from 'node:crypto';
import { rideStreamId, type Actor, type VehicleType } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { handleCommand } from '../commands/command-handler';
import { rideDecider, type RideCommand } from '../rides/ride.decider';

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

/** Drives rides through the real decider with a chosen clock, so every KPI time is exact. Each call answers the store position. */
export function kpiRides(store: EventStore) {
  const run = async (rideId: string, command: RideCommand, at: string, actor: Actor) =>
    (await handleCommand(store, rideStreamId(rideId), rideDecider, command, { now: new Date(at), actor, commandId: randomUUID() })).position;
  const driver = (driverId: string, vehicleType: VehicleType) => ({ name: driverName(driverId), mobile: '9876543210', vehicleNumber: '12', vehicleType });
  const rides = {
    book: (rideId: string, vehicleType: VehicleType, at: string, route: { from: string; to: string } = { from: 'main gate', to: 'canteen' }) =>
      run(rideId, { type: 'BookRide', data: { rideId, requesterId: 'AB12', requesterName: 'Asha', requesterMobile: '9000000001', fromLocation: route.from, toLocation: route.to, vehicleType, rideType: 'Regular', durationMinutes: null }, estimatedMinutes: 11 }, at, { tokenNo: 'AB12', role: 'requester' }),
    accept: (rideId: string, driverId: string, vehicleType: VehicleType, at: string) =>
      run(rideId, { type: 'AcceptRide', data: { rideId, driverId }, driver: driver(driverId, vehicleType) }, at, { tokenNo: driverId, role: 'driver' }),
    step: (rideId: string, type: Step, driverId: string, at: string) => run(rideId, { type, data: { rideId, driverId } }, at, { tokenNo: driverId, role: 'driver' }),
    cancel: (rideId: string, at: string) => run(rideId, { type: 'CancelRide', data: { rideId } }, at, { tokenNo: 'AB12', role: 'requester' }),
    redistribute: (rideId: string, originalDriverId: string, vehicleType: VehicleType, at: string) =>
      run(rideId, { type: 'RedistributeRide', data: { rideId, originalDriverId, vehicleType, maintenanceComment: 'hydraulics', maintenanceRequestId: null }, originalDriverName: driverName(originalDriverId) }, at, { system: 'test' }),
    takeOver: (rideId: string, driverId: string, vehicleType: VehicleType, at: string) =>
      run(rideId, { type: 'TakeOverRide', data: { rideId, driverId, resumeState: null }, driver: driver(driverId, vehicleType) }, at, { tokenNo: driverId, role: 'driver' }),
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

/** The 90th percentile as PostgreSQL's percentile_cont computes it: linear between the two nearest ranks. */
export function percentileCont(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}
