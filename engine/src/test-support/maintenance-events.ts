import { maintenanceStreamId, type MaintenanceEvent } from '@plantride/schemas';
import { at, eventsOf } from './event-builder';

type Data<T extends MaintenanceEvent['type']> = Extract<MaintenanceEvent, { type: T }>['data'];
const event = eventsOf<MaintenanceEvent>((data) => maintenanceStreamId(data.requestId));

/** Maintenance request events with plausible defaults, for given-events tests; `minute` as in `at`. */
export const maintenanceEvents = {
  requested: (requestId: string, driverId: string, minute = 0, more: Partial<Data<'MaintenanceRequested'>> = {}) =>
    event('MaintenanceRequested', {
      requestId,
      driverId,
      driverName: `Driver ${driverId}`,
      vehicleType: 'Forklift',
      vehicleNumber: null,
      issue: 'Hydraulic Problem',
      commentText: 'leaking near the mast',
      breakdownType: 'full',
      rideId: null,
      requestedAt: at(minute),
      ...more,
    }),
  accepted: (requestId: string, minute = 1) => event('MaintenanceAccepted', { requestId, acceptedAt: at(minute) }),
  rejected: (requestId: string, driverId: string, reason: string, minute = 1, inspectionDue = false) =>
    event('MaintenanceRejected', { requestId, driverId, reason, rejectedAt: at(minute), inspectionDue }),
  completed: (requestId: string, driverId: string, minute = 2, inspectionDue = false) =>
    event('MaintenanceCompleted', { requestId, driverId, maintenanceDate: at(minute), inspectionDue }),
  commentEdited: (requestId: string, commentText: string, minute = 1) =>
    event('MaintenanceCommentEdited', { requestId, commentText, editedAt: at(minute) }),
};
