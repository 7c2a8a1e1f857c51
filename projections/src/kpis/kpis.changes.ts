import type { Selectable, Updateable } from 'kysely';
import { plantDayOf, slaMetOf, type RideEvent, type RideEventType } from '@plantride/schemas';
import type { KpiDriverDaysTable, KpiRidesTable } from './kpis.table';
import { instantMs, instantText, type WithTextTimes } from '../timestamp';

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
  'RideAssigned',
  'RideSlaBreached',
  'RideSlaMissWithdrawn',
  'RideReleased',
] as const satisfies readonly RideEventType[];

export type KpiEvent = Extract<RideEvent, { type: (typeof KPI_EVENT_TYPES)[number] }>;
export type KpiRideRow = Selectable<KpiRidesTable>;
/** A KPI ride row in a batch's fold: its times as read back (Dates) or as the events' text. */
export type KpiRideState = WithTextTimes<KpiRideRow>;
export type KpiDriverDayRow = Selectable<KpiDriverDaysTable>;

/** What one event adds to a driver's day. */
export interface DriverDayDelta {
  driverId: string;
  driverName: string;
  ridesCompleted: number;
  busySeconds: number;
}

export interface KpiRideChange {
  ride: WithTextTimes<Updateable<KpiRidesTable>>;
  driverDay: DriverDayDelta | null;
}

// A false SLA_MET is a target missed before; the rule decides the rest.
const slaMetAfter = (ride: KpiRideState, completed: boolean, missedNow = false) =>
  slaMetOf({ completed, targetMissed: missedNow || ride.sla_met === false });

const secondsBetween = (from: Date | string | null, to: string): number | null => (from ? (instantMs(to) - instantMs(from)) / 1000 : null);

/** How an event after the request changes its ride's KPI row and the day of the driver it ends a stint for. */
export function kpiRideChange(ride: KpiRideState, event: Exclude<KpiEvent, { type: 'RideRequested' }>): KpiRideChange {
  switch (event.type) {
    case 'RideAccepted': {
      const at = instantText(event.data.acceptedAt);
      const { driverId, driverName } = event.data;
      return {
        ride: {
          accepted_at: at,
          wait_seconds: secondsBetween(ride.requested_at, at),
          driver_id: driverId,
          driver_name: driverName,
          driver_since: at,
        },
        driverDay: null,
      };
    }
    case 'MaterialPicked': {
      const at = instantText(event.data.pickedAt);
      return { ride: { picked_at: at, pickup_seconds: secondsBetween(ride.accepted_at, at) }, driverDay: null };
    }
    case 'MaterialDropped': {
      const at = instantText(event.data.droppedAt);
      return { ride: { dropped_at: at, delivery_seconds: secondsBetween(ride.picked_at, at) }, driverDay: null };
    }
    case 'RideEnded': {
      const at = instantText(event.data.endedAt);
      const busySeconds = secondsBetween(ride.driver_since, at) ?? 0;
      return {
        ride: { ended_at: at, sla_met: slaMetAfter(ride, true) },
        driverDay: { driverId: event.data.driverId, driverName: ride.driver_name ?? event.data.driverId, ridesCompleted: 1, busySeconds },
      };
    }
    case 'RideCancelled':
      return { ride: { cancelled_at: instantText(event.data.cancelledAt) }, driverDay: null };
    case 'RideRedistributed': {
      // The broken-down driver was busy until the ride was taken from him; he completed nothing.
      const busySeconds = secondsBetween(ride.driver_since, instantText(event.data.redistributedAt)) ?? 0;
      const driverDay = {
        driverId: event.data.originalDriverId,
        driverName: event.data.originalDriverName,
        ridesCompleted: 0,
        busySeconds,
      };
      return { ride: { driver_id: null, driver_name: null, driver_since: null }, driverDay };
    }
    case 'RideTakenOver': {
      const at = instantText(event.data.takenOverAt);
      return { ride: { driver_id: event.data.driverId, driver_name: event.data.driverName, driver_since: at }, driverDay: null };
    }
    // Staff gave it to a driver (issue #32 item 4): his first driver is its acceptance; one taken back
    // from a driver ends that driver's stint as a breakdown does, with nothing completed.
    case 'RideAssigned': {
      const at = instantText(event.data.assignedAt);
      const { driverId, driverName } = event.data;
      const first = ride.accepted_at === null ? { accepted_at: at, wait_seconds: secondsBetween(ride.requested_at, at) } : {};
      const previous = event.data.fromDriverId;
      const driverDay = previous
        ? {
            driverId: previous,
            driverName: ride.driver_name ?? previous,
            ridesCompleted: 0,
            busySeconds: secondsBetween(ride.driver_since, at) ?? 0,
          }
        : null;
      return { ride: { ...first, driver_id: driverId, driver_name: driverName, driver_since: at }, driverDay };
    }
    case 'RideSlaBreached':
      return { ride: { sla_met: slaMetAfter(ride, ride.ended_at !== null, true) }, driverDay: null };
    // The drop was tapped in time after all (issue #32 item 2): missed only if acceptance was.
    case 'RideSlaMissWithdrawn':
      return { ride: { sla_met: slaMetOf({ completed: ride.ended_at !== null, targetMissed: event.data.acceptMissed }) }, driverDay: null };
    case 'RideReleased': {
      // A ride booked for later (issue #20) waits for a driver from its release, and counts on that day.
      const at = instantText(event.data.releasedAt);
      return { ride: { requested_at: at, day: plantDayOf(at) }, driverDay: null };
    }
  }
}
