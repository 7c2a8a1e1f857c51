import { z } from 'zod';
import { breakdownTypeSchema, maintenanceStatusSchema, unblockReasonSchema, vehicleTypeSchema } from '../constants';
import { resumeStateSchema, rideStateNameSchema, toResumeState } from '../ride-status';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { PAGE_SIZES, pageQueryShape } from './paging.api';
import { isoDateTimeSchema } from '../primitives';
import { commandAnswerSchema, idInput, vehicleTypeInput } from './common.api';
import { TEXT_LIMITS, optionalTextField, textField } from './text-fields';
import { optionalHumanNameField } from '../human-text';
import { filedIssue, maintenanceRequestProblem } from './maintenance-request.rule';
import { photoIdsInput } from './photos.api';

const blankToNull = (v: unknown) => (v === undefined || v === '' ? null : v);

/** Our `custom_issue`: the driver's own text when the reason is 'Others'; null or absent is ''. */
export const customIssueInput = optionalTextField({ max: TEXT_LIMITS.comment, label: 'Issue' });

/**
 * POST /api/requests/maintenanceReq; SPEC §5's rule (`maintenanceRequestProblem`, mid-ride when ride_id
 * is set). `custom_issue` is our addition: the driver's own text when the reason is 'Others'.
 * `null` is empty for the free-text fields.
 */
export const maintenanceRequestBodySchema = z
  .object({
    driver_id: idInput(MESSAGES.invalidParameters, 'Driver ID'),
    driver_name: optionalHumanNameField({ max: TEXT_LIMITS.name, label: 'Driver name' }),
    vehicle_type: vehicleTypeInput,
    issue: optionalTextField({ max: TEXT_LIMITS.comment, label: 'Issue' }),
    custom_issue: customIssueInput.optional(),
    comment_text: optionalTextField({ max: TEXT_LIMITS.comment, label: 'Comment' }),
    status: z.literal('pending').default('pending'),
    breakdown_type: z.preprocess(blankToNull, breakdownTypeSchema.nullable()),
    ride_id: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : blankToNull(v)),
      textField({ max: TEXT_LIMITS.id, label: 'Ride ID' }).min(1).nullable(),
    ),
    /** Ours (issue #34): the photos he uploaded for it (PUT /api/photos/{id}), at most 3. */
    photo_ids: photoIdsInput.optional(),
  })
  .superRefine((body, ctx) => {
    const problem = maintenanceRequestProblem({
      midRide: body.ride_id !== null,
      issue: filedIssue(body.issue, body.custom_issue ?? ''),
      breakdownType: body.breakdown_type,
      commentText: body.comment_text,
    });
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type MaintenanceRequestBody = z.infer<typeof maintenanceRequestBodySchema>;

/** Answer of POST /api/requests/maintenanceReq. */
export const maintenanceRequestAnswerSchema = commandAnswerSchema.extend({ requestId: z.string() });

/** One row of GET /api/requests/maintenanceReq. */
export const maintenanceRequestRowSchema = z.object({
  ID: z.string(),
  DRIVER_ID: z.string(),
  DRIVER_NAME: z.string(),
  MOBILE_NUMBER: z.string(),
  ROLE: z.string(),
  STATUS: maintenanceStatusSchema,
  COMMENT_TEXT: z.string(),
  VEHICLE_TYPE: vehicleTypeSchema,
  ISSUE: z.string(),
  REQUEST_DATE: z.string(),
  LAST_MAINTENANCE_DATE: z.string().nullable(),
  BREAKDOWN_TYPE: z.union([breakdownTypeSchema, z.literal('')]),
  /** Ours: the ride a mid-ride request was filed from (then ISSUE and BREAKDOWN_TYPE are empty), else null. */
  RIDE_ID: z.string().nullable(),
  /** Ours (issue #32): the driver's comment as he wrote it; COMMENT_TEXT takes the head's edits and a rejection. */
  DRIVER_COMMENT: z.string(),
  /** Ours (issue #32): the maintenance head's notes (his last comment edit), or null. */
  HEAD_NOTES: z.string().nullable(),
  /** Ours (issue #32): why the request was rejected, without the 'REJECTED: ' prefix, or null. */
  REJECTION_REASON: z.string().nullable(),
  /** Ours (issue #32): the vehicle's registration (recorded with the request, else his record's), or null. */
  VEHICLE_NUMBER: z.string().nullable(),
  /** Ours (issue #32): the request took its vehicle out of service (a full breakdown or one mid-ride): closing it returns the vehicle only as the return-to-service rule says. */
  OUT_OF_SERVICE: z.boolean(),
  /** Ours (issue #32): closed with the vehicle back in service only after the driver passes an inspection. */
  INSPECTION_DUE: z.boolean(),
  /**
   * Ours (issue #32): whether closing this request now would leave an inspection due before the driver
   * drives again, as the maintenance decider would decide it (`inspectionDueOnClose`, with the plant's
   * inspection setting as it stands): the close dialogs say so, and ask for the head's check otherwise.
   */
  INSPECTION_DUE_ON_CLOSE: z.boolean(),
  /** Ours (issue #34): the photos filed with the request (GET /api/photos/{id}); [] when none. */
  PHOTO_IDS: z.array(z.string()),
});
export type MaintenanceRequestRow = z.infer<typeof maintenanceRequestRowSchema>;
/** Answer of GET /api/requests/maintenanceReq. */
export const maintenanceRequestListAnswerSchema = z.array(maintenanceRequestRowSchema);
/** GET /api/requests/maintenanceReq: a page of the list; the answer stays the spec's array, its total in X-Total-Count. */
export const maintenanceRequestListQuerySchema = z.object(pageQueryShape(PAGE_SIZES.list));

/** PUT /api/requests/maintenanceReq/{id}/comment; a rejection's comment starts 'REJECTED: '. */
export const maintenanceCommentBodySchema = z.object({
  comment_text: z.preprocess(
    (v) => v ?? '',
    textField({ max: TEXT_LIMITS.comment, label: 'Comment' }).min(1, MESSAGES.commentCannotBeEmpty),
  ),
});
export type MaintenanceCommentBody = z.infer<typeof maintenanceCommentBodySchema>;

/**
 * PUT /api/requests/{id}/status. `maintenance_date` is the ISO completion time (null otherwise).
 * `reason` is our addition so a rejection can be one call; the spec's client writes it as a comment.
 */
export const maintenanceStatusBodySchema = z
  .object({
    status: z.enum(['accepted', 'completed', 'rejected']),
    maintenance_date: isoDateTimeSchema.nullish().transform((v) => v ?? null),
    reason: textField({ max: TEXT_LIMITS.reason, label: 'Reason' })
      .min(1, MESSAGES.rejectionReasonRequired)
      .nullish()
      .transform((v) => v ?? undefined),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'completed' && body.maintenance_date === null) {
      ctx.addIssue({ code: 'custom', path: ['maintenance_date'], message: SERVER_MESSAGES.maintenanceDateRequired });
    }
  });
export type MaintenanceStatusBody = z.infer<typeof maintenanceStatusBodySchema>;

/** PUT /api/requests/unblock-driver */
export const unblockDriverBodySchema = z.object({
  driverId: idInput(MESSAGES.invalidParameters, 'Driver ID'),
  reason: unblockReasonSchema,
});
export type UnblockDriverBody = z.infer<typeof unblockDriverBodySchema>;

/** Answer of GET /api/maintenance/verify-access. */
export const verifyAccessAnswerSchema = z.object({ success: z.boolean(), message: z.string().optional() });

// The spec's clients send RIDE_STATE spellings (material_picked); the status spellings are accepted too.
const currentStateInput = z.union([rideStateNameSchema, resumeStateSchema]).transform(toResumeState);

/** POST /api/maintenance/accept-redistributed-ride; `currentState` is advisory, the ride's events decide. */
export const acceptRedistributedRideBodySchema = z.object({
  rideId: idInput(MESSAGES.invalidParameters, 'Ride ID'),
  newDriverId: idInput(MESSAGES.invalidParameters, 'New driver ID'),
  currentState: currentStateInput.optional(),
});
export type AcceptRedistributedRideBody = z.infer<typeof acceptRedistributedRideBodySchema>;

/** POST /api/maintenance/redistribute-ride; `rideData` is the client's copy and is not trusted. */
export const redistributeRideBodySchema = z.object({
  rideId: idInput(MESSAGES.invalidParameters, 'Ride ID'),
  originalDriverId: idInput(MESSAGES.invalidParameters, 'Original driver ID'),
  vehicleType: vehicleTypeInput,
  maintenanceComment: optionalTextField({ max: TEXT_LIMITS.comment, label: 'Maintenance comment' }),
  rideData: z.record(z.string(), z.unknown()).optional(),
});
export type RedistributeRideBody = z.infer<typeof redistributeRideBodySchema>;

/** Answer of both maintenance ride calls. */
export const maintenanceRideAnswerSchema = commandAnswerSchema.extend({ success: z.boolean() });
