import type { Selectable, Updateable } from 'kysely';
import type { RideEvent, RideEventType } from '@plantride/schemas';
import type { KpiDriverDaysTable, KpiRidesTable } from './kpis.table';

// RideStarted moves no KPI: pick-up is measured from acceptance.
export const KPI_EVENT_TYPES = [
  'RideRequested',
  'RideAccepted',
  'MaterialPicked',
  'MaterialDropped',
  'RideEnded',
  'RideCancelled',
  'RideRedistributed',
  'RideTakenOver',
] as const satisfies readonly RideEventType[];

export type KpiEvent = Extract<RideEvent, { type: (typeof KPI_EVENT_TYPES)[number] }>;
export type KpiRideRow = Selectable<KpiRidesTable>;
export type KpiDriverDayRow = Selectable<KpiDriverDaysTable>;

/** What one event adds to a driver's day. */
export interface DriverDayDelta {
  driverId: string;
  driverName: string;
  ridesCompleted: number;
  busySeconds: number;
}

export interface KpiRideChange {
  ride: Updateable<KpiRidesTable>;
  driverDay: DriverDayDelta | null;
}

const secondsBetween = (from: Date | null, to: Date): number | null => (from ? (to.getTime() - from.getTime()) / 1000 : null);

/** How an event after the request changes its ride's KPI row and the day of the driver it ends a stint for. */
export function kpiRideChange(ride: KpiRideRow, event: Exclude<KpiEvent, { type: 'RideRequested' }>): KpiRideChange {
  switch (event.type) {
    case 'RideAccepted': {
      const at = new Date(event.data.acceptedAt);
      const { driverId, driverName } = event.data;
      return { ride: { accepted_at: at, wait_seconds: secondsBetween(ride.requested_at, at), driver_id: driverId, driver_name: driverName, driver_since: at }, driverDay: null };
    }
    case 'MaterialPicked': {
      const at = new Date(event.data.pickedAt);
      return { ride: { picked_at: at, pickup_seconds: secondsBetween(ride.accepted_at, at) }, driverDay: null };
    }
    case 'MaterialDropped': {
      const at = new Date(event.data.droppedAt);
      return { ride: { dropped_at: at, delivery_seconds: secondsBetween(ride.picked_at, at) }, driverDay: null };
    }
    case 'RideEnded': {
      const at = new Date(event.data.endedAt);
      const busySeconds = secondsBetween(ride.driver_since, at) ?? 0;
      return { ride: { ended_at: at }, driverDay: { driverId: event.data.driverId, driverName: ride.driver_name ?? event.data.driverId, ridesCompleted: 1, busySeconds } };
    }
    case 'RideCancelled':
      return { ride: { cancelled_at: new Date(event.data.cancelledAt) }, driverDay: null };
    case 'RideRedistributed': {
      // The broken-down driver was busy until the ride was taken from him; he completed nothing.
      const busySeconds = secondsBetween(ride.driver_since, new Date(event.data.redistributedAt)) ?? 0;
      const driverDay = { driverId: event.data.originalDriverId, driverName: event.data.originalDriverName, ridesCompleted: 0, busySeconds };
      return { ride: { driver_id: null, driver_name: null, driver_since: null }, driverDay };
    }
    case 'RideTakenOver': {
      const at = new Date(event.data.takenOverAt);
      return { ride: { driver_id: event.data.driverId, driver_name: event.data.driverName, driver_since: at }, driverDay: null };
    }
  }
}
