import type { Updateable } from 'kysely';
import { RIDE_EVENT_TYPES, type RideEvent } from '@plantride/schemas';
import type { RidesTable } from './rides.table';
import { ridesMigrations } from './rides.migrations';
import { rowProjection } from '../row-projection';
import { rideStepChange } from './ride-step-change';
import { bookRide, keepRideFold, rideFoldAfter } from './ride-fold';
import { instantText, type WithTextTimes } from '../timestamp';

type Change = WithTextTimes<Updateable<RidesTable>>;

// The driver a ride is given to, as accepting, taking over and staff's assignment record him.
const driverOf = ({ data }: Extract<RideEvent, { type: 'RideAccepted' | 'RideTakenOver' | 'RideAssigned' }>): Change => ({
  driver_id: data.driverId,
  driver_name: data.driverName,
  driver_mobile: data.driverMobile,
  vehicle_number: data.vehicleNumber,
});

// What each later ride event the statechart takes changes on the row besides its status (the fold's).
function changeOf(event: Exclude<RideEvent, { type: 'RideRequested' }>, row: Readonly<{ accepted_at?: unknown }>): Change {
  switch (event.type) {
    case 'RideAccepted':
      return { ...driverOf(event), accepted_at: instantText(event.data.acceptedAt) };
    case 'RideStarted':
    case 'MaterialPicked':
    case 'MaterialDropped':
    case 'RideEnded':
      return rideStepChange(event);
    case 'RideCancelled':
      return { cancelled_at: instantText(event.data.cancelledAt) };
    case 'RideRedistributed':
      return {
        is_redistributed: true,
        driver_id: null,
        driver_name: null,
        driver_mobile: null,
        vehicle_number: null,
        original_driver_id: event.data.originalDriverId,
        original_driver_name: event.data.originalDriverName,
        maintenance_comment: event.data.maintenanceComment,
        resume_state: event.data.resumeState,
        // Who may take it over, as the engine decided (issue #29).
        open_to_all: event.data.openToAll,
        offered_to: null,
        offer_expires_at: null,
      };
    case 'RideTakenOver':
      return { ...driverOf(event), resume_state: null };
    // Staff gave it to a driver (issue #32 item 4): his first driver's is its acceptance time.
    case 'RideAssigned':
      return {
        ...driverOf(event),
        resume_state: null,
        offered_to: null,
        offer_expires_at: null,
        ...(row.accepted_at == null ? { accepted_at: instantText(event.data.assignedAt) } : {}),
      };
    case 'RideOffered':
      return { offered_to: event.data.driverId, offer_expires_at: instantText(event.data.expiresAt) };
    case 'RideOfferDeclined':
    case 'RideOfferExpired':
    case 'RideOfferWithdrawn':
      return { offered_to: null, offer_expires_at: null };
    case 'RideOpenedToAll':
      return { open_to_all: true, offered_to: null, offer_expires_at: null };
    case 'RidePriorityChanged':
      return { priority: event.data.priority };
    // Released, it goes to dispatch as a ride booked then would: offered one driver at a time, or open to all.
    case 'RideReleased':
      return { open_to_all: event.data.dispatch !== 'offer', offered_to: null };
    case 'RideSlaBreached':
      return event.data.target === 'accept'
        ? { accept_breached_at: instantText(event.data.breachedAt) }
        : { deliver_breached_at: instantText(event.data.breachedAt) };
    // The drop was tapped in time after all (issue #32 item 2).
    case 'RideSlaMissWithdrawn':
      return { deliver_breached_at: null };
    // Timer notices change nothing a ride row shows.
    case 'RideWaitAlerted':
    case 'ReassignmentOverdue':
    case 'SpecialTaskOverran':
      return {};
  }
}

export const ridesProjection = rowProjection({
  name: 'rides',
  table: 'rides',
  key: 'ride_id',
  handles: RIDE_EVENT_TYPES,
  migrations: ridesMigrations,
  createdBy: 'RideRequested',
  keyOf: (event: RideEvent) => event.data.rideId,
  create: (event, position) => {
    const d = event.data;
    return bookRide(
      {
        ride_id: d.rideId,
        requester_id: d.requesterId,
        requester_name: d.requesterName,
        requester_mobile: d.requesterMobile,
        from_location: d.fromLocation,
        to_location: d.toLocation,
        vehicle_type: d.vehicleType,
        ride_type: d.rideType,
        estimated_minutes: d.estimatedMinutes,
        duration_minutes: d.durationMinutes,
        requested_at: instantText(d.requestedAt),
        open_to_all: d.dispatch !== 'offer',
        priority: d.priority ?? 'normal',
        scheduled_for: d.scheduledFor === undefined ? null : instantText(d.scheduledFor),
        release_at: d.releaseAt === undefined ? null : instantText(d.releaseAt),
        load: d.load === undefined ? null : JSON.stringify(d.load),
        accept_breached_at: null,
        deliver_breached_at: null,
      },
      event,
      position,
    );
  },
  // Only what the statechart takes changes the row; its status is the fold's.
  change(event, position, row) {
    const fold = rideFoldAfter(row, event, position);
    return fold === null ? {} : { ...changeOf(event, row), ...fold };
  },
  beforeWrite: keepRideFold,
});
