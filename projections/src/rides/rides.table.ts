import type { ColumnType, Generated } from 'kysely';
import type { RideLoad } from '@plantride/schemas';

/** One row per ride: its current state, parties, and the five timestamps of SPEC §3. */
export interface RidesTable {
  ride_id: string;
  requester_id: string;
  requester_name: string;
  requester_mobile: string;
  from_location: string;
  to_location: string;
  vehicle_type: string;
  ride_type: string;
  status: string;
  estimated_minutes: number;
  duration_minutes: number | null;
  driver_id: string | null;
  driver_name: string | null;
  driver_mobile: string | null;
  vehicle_number: string | null;
  is_redistributed: Generated<boolean>;
  original_driver_id: string | null;
  original_driver_name: string | null;
  maintenance_comment: string | null;
  resume_state: string | null;
  requested_at: Date;
  accepted_at: Date | null;
  started_at: Date | null;
  picked_at: Date | null;
  dropped_at: Date | null;
  ended_at: Date | null;
  cancelled_at: Date | null;
  /** Offer dispatch (issue #20): every driver of the type may take it (broadcast), or only `offered_to`. */
  open_to_all: Generated<boolean>;
  offered_to: string | null;
  /** When the offer to `offered_to` lapses; null with no offer standing. */
  offer_expires_at: Date | null;
  /** 'normal' or 'urgent'. */
  priority: Generated<string>;
  /** A ride booked for later (status 'scheduled' until released): when it is wanted and when it goes to dispatch. */
  scheduled_for: Date | null;
  release_at: Date | null;
  /** When it missed its service target for acceptance, and for the drop (RideSlaBreached). */
  accept_breached_at: Date | null;
  deliver_breached_at: Date | null;
  /** The statechart's snapshot of the ride (persistRide), to fold its next event from; null once it is over. */
  ride_state: string | null;
  /** What is being moved, as booked (issue #32 item 7); null when the booking said nothing. jsonb: written as its JSON text. */
  load: ColumnType<RideLoad | null, string | null, string | null>;
  /** Last stream position applied: a repeated event is a no-op. */
  last_position: number;
}
