import type { Updateable } from 'kysely';
import { MAINTENANCE_EVENT_TYPES, REJECTION_COMMENT_PREFIX, type MaintenanceEvent } from '@plantride/schemas';
import type { MaintenanceRequestsTable } from './maintenance.table';
import { maintenanceMigrations } from './maintenance.migrations';
import { rowProjection } from '../row-projection';
import { instantText, type WithTextTimes } from '../timestamp';

// A rejection shows in the list as its comment, 'REJECTED: {reason}' (SPEC §7), never prefixed twice.
const rejectionComment = (reason: string) =>
  reason.startsWith(REJECTION_COMMENT_PREFIX) ? reason : `${REJECTION_COMMENT_PREFIX}${reason}`;

function changeOf(event: Exclude<MaintenanceEvent, { type: 'MaintenanceRequested' }>): WithTextTimes<Updateable<MaintenanceRequestsTable>> {
  switch (event.type) {
    case 'MaintenanceAccepted':
      return { status: 'accepted', accepted_at: instantText(event.data.acceptedAt) };
    case 'MaintenanceRejected':
      return {
        status: 'rejected',
        rejected_at: instantText(event.data.rejectedAt),
        rejection_reason: event.data.reason,
        comment_text: rejectionComment(event.data.reason),
        inspection_due: event.data.inspectionDue,
      };
    case 'MaintenanceCompleted':
      return { status: 'completed', maintenance_date: instantText(event.data.maintenanceDate), inspection_due: event.data.inspectionDue };
    case 'MaintenanceCommentEdited':
      // The head's notes: SPEC's COMMENT_TEXT takes them too, the driver's own comment stays. The spec's
      // client writes a rejection as a 'REJECTED: ' comment before the status: that is the reason, not notes.
      return event.data.commentText.startsWith(REJECTION_COMMENT_PREFIX)
        ? { comment_text: event.data.commentText }
        : { comment_text: event.data.commentText, head_notes: event.data.commentText };
  }
}

export const maintenanceProjection = rowProjection({
  name: 'maintenance',
  table: 'maintenance_requests',
  key: 'request_id',
  handles: MAINTENANCE_EVENT_TYPES,
  migrations: maintenanceMigrations,
  createdBy: 'MaintenanceRequested',
  keyOf: (event: MaintenanceEvent) => event.data.requestId,
  create: ({ data: d }) => ({
    request_id: d.requestId,
    driver_id: d.driverId,
    driver_name: d.driverName,
    vehicle_type: d.vehicleType,
    issue: d.issue,
    comment_text: d.commentText,
    driver_comment: d.commentText,
    vehicle_number: d.vehicleNumber,
    inspection_due: false,
    status: 'pending',
    breakdown_type: d.breakdownType,
    ride_id: d.rideId,
    requested_at: instantText(d.requestedAt),
    photo_ids: JSON.stringify(d.photoIds ?? []),
  }),
  change: (event) => changeOf(event),
});
