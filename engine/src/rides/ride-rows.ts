import {
  DATE_LOCALE,
  PLANT_TIME_ZONE,
  RESUME_STATE_TO_RIDE_STATE,
  formatDuration,
  slaMetOf,
  type RideHistoryRow,
  type RidePriority,
  type RideTimestamps,
  type ServerRide,
} from '@plantride/schemas';
import type { RideRow } from '@plantride/projections';
import type { HandOver } from './hand-over';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

// The read model holds only statuses the statechart produces, all of them spec statuses.
type Status = ServerRide['STATUS'];

export function toHistoryRow(ride: RideRow): RideHistoryRow {
  return {
    RIDEID: ride.ride_id,
    RIDE_ID: ride.ride_id,
    USER_ID: ride.requester_id,
    DRIVER_ID: ride.driver_id ?? ride.original_driver_id,
    FROM_LOCATION: ride.from_location,
    TO_LOCATION: ride.to_location,
    VEHICLE_TYPE: ride.vehicle_type as RideHistoryRow['VEHICLE_TYPE'],
    RIDE_TYPE: ride.ride_type as RideHistoryRow['RIDE_TYPE'],
    STATUS: ride.status as Status,
    ESTIMATED_TIME: ride.estimated_minutes,
    TIMESTAMP: ride.requested_at.toISOString(),
    CREATED_AT: ride.requested_at.toISOString(),
    COMPLETED_AT: iso(ride.ended_at),
    DURATION: ride.duration_minutes === null ? null : formatDuration(ride.duration_minutes),
    PRIORITY: ride.priority as RidePriority,
    SCHEDULED_FOR: iso(ride.scheduled_for),
    RELEASE_AT: iso(ride.release_at),
    SLA_MET: slaMetOf({
      completed: ride.status === 'completed',
      targetMissed: ride.accept_breached_at !== null || ride.deliver_breached_at !== null,
    }),
    // Issue #32 item 7: what is being moved, as booked.
    LOAD: ride.load,
  };
}

/** `handOver`: of a ride offered for take-over, the first driver's mobile goes with it (docs/DECISIONS.md). */
export function toServerRide(ride: RideRow, handOver: HandOver | null = null, viewerId: string | null = null): ServerRide {
  const offeredToViewer = viewerId !== null && ride.offered_to === viewerId;
  return {
    ...toHistoryRow(ride),
    DRIVER_ID: ride.driver_id,
    LOCAL_TIME: ride.requested_at.toLocaleString(DATE_LOCALE, { timeZone: PLANT_TIME_ZONE }),
    IS_SPECIAL_TASK: ride.ride_type === 'Special Task',
    IS_REDISTRIBUTED: ride.is_redistributed,
    MAINTENANCE_COMMENT: ride.maintenance_comment,
    ORIGINAL_DRIVER_ID: ride.original_driver_id,
    ORIGINAL_DRIVER_NAME: ride.original_driver_name,
    ORIGINAL_DRIVER_MOBILE: handOver?.originalDriverMobile ?? null,
    RIDE_STATE: ride.resume_state ? RESUME_STATE_TO_RIDE_STATE[ride.resume_state as keyof typeof RESUME_STATE_TO_RIDE_STATE] : null,
    // Rides offered to drivers who do not hold them: the requester's name and mobile only once one
    // does (his ongoing ride's Requester Details ask getSpecificRequester, issue #17).
    REQUESTER_DETAILS: null,
    // Issue #20: the offer, to the driver it stands for only.
    OFFERED_TO_YOU: offeredToViewer,
    OFFER_EXPIRES_AT: offeredToViewer ? iso(ride.offer_expires_at) : null,
  };
}

/** The driver's ride in progress; one he took over after a breakdown says what was handed over and by whom. */
export function toOngoingRow(ride: RideRow, handOver: HandOver | null): RideHistoryRow {
  const row = toHistoryRow(ride);
  if (!ride.is_redistributed || !handOver) return row;
  return {
    ...row,
    IS_REDISTRIBUTED: true,
    MAINTENANCE_COMMENT: ride.maintenance_comment,
    ORIGINAL_DRIVER_NAME: ride.original_driver_name,
    ORIGINAL_DRIVER_MOBILE: handOver.originalDriverMobile,
    RIDE_STATE: handOver.rideState,
  };
}

export function toTimestamps(ride: RideRow): RideTimestamps {
  return {
    creation_time: ride.requested_at.toISOString(),
    accept_time: iso(ride.accepted_at),
    start_time: iso(ride.started_at),
    material_pick_time: iso(ride.picked_at),
    material_drop_time: iso(ride.dropped_at),
    end_time: iso(ride.ended_at),
  };
}
