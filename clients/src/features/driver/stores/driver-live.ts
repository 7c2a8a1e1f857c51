import { MESSAGES, type SocketPayload } from '@plantride/schemas';
import { i18n } from '../../../i18n/i18n';
import { translateMessage } from '../../../i18n/translate-message';

/** The socket events the driver dashboard applies (SPEC §7, driver received). */
export const DRIVER_EVENTS = [
  'newRideRequest',
  'removeRide',
  'redistributedRide',
  'rideStarted',
  'materialPicked',
  'materialDropped',
  'rideEnded',
  'driverBlocked',
  'maintenanceCompleted',
  'maintenanceRejected',
  'driverUnblocked',
  'statusChanged',
  // Ours: a started Special Task ran past its booked time.
  'specialTaskOverdue',
  // Ours (issue #20): a ride offered to him alone, until it lapses.
  'rideOffered',
  // Ours (issue #32 item 4): staff gave him a ride, or took his back.
  'rideAssigned',
  'rideTakenBack',
] as const;
export type DriverEventName = (typeof DRIVER_EVENTS)[number];
export type DriverEvent = { [E in DriverEventName]: { type: E; payload: SocketPayload<E> } }[DriverEventName];

/** What the screen reads again after an event: the ride lists, the driver's own record and status, or both. */
export type Topic = 'rides' | 'driver';

export interface DriverEventEffect {
  topics: readonly Topic[];
  /**
   * The completion popup's text, with its Okay button: 'Maintenance completed. Your vehicle is now active.', or
   * what must come first (issue #32: 'Maintenance completed. Pass a vehicle inspection before taking rides again.'); null: none.
   */
  completionPopup: string | null;
  /** A notice for a toast (a rejected request says why). */
  notice: string | null;
}

const none: DriverEventEffect = { topics: [], completionPopup: null, notice: null };

// The server's words say what comes next (issue #32); SPEC §2's popup text when it sent none.
const completionText = (message: string): string => translateMessage(message || MESSAGES.maintenanceCompletedVehicleActive);

/**
 * What one event means for this driver. The screen's data stays the server's: an event only says
 * which reads to repeat (at the event's position) and which popup or notice to show.
 */
export function driverEventEffect(event: DriverEvent, driverId: string): DriverEventEffect {
  switch (event.type) {
    case 'newRideRequest':
    case 'rideOffered':
    case 'removeRide':
    case 'redistributedRide':
    case 'rideStarted':
    case 'materialPicked':
    case 'materialDropped':
    case 'rideEnded':
      return { ...none, topics: ['rides'] };
    case 'driverBlocked':
      // A block mid-ride hands his ride over: the ride lists move too.
      return event.payload.driverId === driverId ? { ...none, topics: ['driver', 'rides'] } : none;
    case 'statusChanged':
      return event.payload.driverId === driverId ? { ...none, topics: ['driver'] } : none;
    case 'maintenanceCompleted':
      return event.payload.driverId === driverId
        ? { ...none, topics: ['driver'], completionPopup: completionText(event.payload.message) }
        : none;
    case 'driverUnblocked':
      if (event.payload.driverId !== driverId) return none;
      return {
        ...none,
        topics: ['driver'],
        completionPopup: event.payload.reason === 'maintenance_rejected' ? null : completionText(event.payload.message),
      };
    // Staff's assignment: his ongoing ride is read again (the one given to him, or none), and he is told why.
    case 'rideAssigned':
    case 'rideTakenBack':
      return {
        ...none,
        topics: ['rides'],
        notice: i18n.t('driver.staffNotice', { message: translateMessage(event.payload.message), reason: event.payload.reason }),
      };
    case 'specialTaskOverdue':
      return event.payload.driverId === driverId ? { ...none, notice: translateMessage(event.payload.message) } : none;
    case 'maintenanceRejected':
      return event.payload.driverId === driverId
        ? {
            ...none,
            topics: ['driver'],
            notice: event.payload.message ? translateMessage(event.payload.message) : i18n.t('driver.maintenance.rejected'),
          }
        : none;
  }
}
