import { z } from 'zod';
import { DEFAULT_DRIVER_ROLE, DEFAULT_DRIVER_STATUS, LIMITS, driverRoleSchema, driverStatusSchema, vehicleTypeSchema } from '../constants';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { optionalVehicleTypeSchema } from '../primitives';
import { commandAnswerSchema, idInput, mobileSchema, tokenNoInput } from './common.api';
import { PAGE_SIZES, pageAnswerShape, pageQueryShape } from './paging.api';
import { TEXT_LIMITS, optionalTextField, wordedMessage } from './text-fields';
import { humanNameField } from '../human-text';
import { serverRideSchema } from './ride-row.api';
import { inspectionTodaySchema } from './inspections.api';

const numberToText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

// Read-only fields the server sets: whatever the client sends for them, in any form, is dropped.
const ignored = z.unknown().transform((): undefined => undefined);

/**
 * The admin driver record with the spec's form rules. Name may be blank (shown as
 * 'Unnamed Driver'); the sticker number is required because Driver is the only role.
 * `null` is empty for the optional fields (vehicle, comments, vehicleAssigned).
 */
export const driverRecordSchema = z.object({
  operatorId: tokenNoInput(SERVER_MESSAGES.invalidOperatorId),
  // The server assigns it: '', '5', null, 5 or nothing are all accepted and ignored.
  serial: ignored.optional(),
  vehicle: optionalTextField({ max: TEXT_LIMITS.vehicleNumber, label: 'Vehicle number' }),
  name: humanNameField({ max: TEXT_LIMITS.name, label: 'Name', message: MESSAGES.nameOnlyAlphabets }).regex(
    /^[A-Za-z ]*$/,
    MESSAGES.nameOnlyAlphabets,
  ),
  mobile: z.preprocess(numberToText, mobileSchema),
  role: driverRoleSchema.default(DEFAULT_DRIVER_ROLE),
  forklift: z.preprocess(
    numberToText,
    z
      .string({ error: MESSAGES.invalidVehicleNumber })
      .trim()
      .regex(new RegExp(`^\\d{1,${LIMITS.stickerMaxDigits}}$`), MESSAGES.invalidVehicleNumber),
  ),
  status: driverStatusSchema.default(DEFAULT_DRIVER_STATUS),
  comments: optionalTextField({ max: TEXT_LIMITS.comment, label: 'Comments' }),
  vehicleAssigned: optionalVehicleTypeSchema.nullish().transform((v) => v ?? ''),
  // Read-only: the engine sets it on add and ignores what update sends.
  createdAt: ignored.optional(),
});
export type DriverRecord = z.infer<typeof driverRecordSchema>;

/** POST /api/drivers/add */
export const addDriverBodySchema = driverRecordSchema;
/** Answer of POST /api/drivers/add; `operatorId` is also echoed on errors. */
export const addDriverAnswerSchema = commandAnswerSchema.extend({
  operatorId: z.string(),
  // Ours: the driver's one-time activation code, shown once (absent on a repeat of the same add).
  activationCode: z.string().optional(),
  activationCodeExpiresAt: z.string().optional(),
});

/** One pending driver registration of GET /api/drivers/registrations (admin): the account, and the record it claims. */
export const driverRegistrationSchema = z.object({
  tokenNo: z.string(),
  name: z.string(),
  mobile: z.string(),
  signedUpAt: z.string(),
  recordName: z.string().nullable(),
  vehicleAssigned: z.string().nullable(),
});
export type DriverRegistration = z.infer<typeof driverRegistrationSchema>;
export const driverRegistrationsAnswerSchema = z.object({ registrations: z.array(driverRegistrationSchema) });
export type DriverRegistrationsAnswer = z.infer<typeof driverRegistrationsAnswerSchema>;

/** PUT /api/drivers/update with the full record. */
export const updateDriverBodySchema = driverRecordSchema;
/** Answer of PUT /api/drivers/update. */
export const updateDriverAnswerSchema = commandAnswerSchema;

/** PUT /api/drivers/toggle-access; `active` is 1/0 in the spec, booleans are accepted too. */
export const toggleAccessBodySchema = z.object({
  driverId: idInput(MESSAGES.invalidParameters, 'Driver ID'),
  active: z
    .union([z.literal(0), z.literal(1), z.boolean()], { error: wordedMessage('Active must be 1 or 0 (true or false).') })
    .transform((v) => v === true || v === 1),
});
export type ToggleAccessBody = z.infer<typeof toggleAccessBodySchema>;

/** One row of GET /api/drivers/getDrivers (server list form plus the lower-case fields the spec reads). */
export const driverListRowSchema = z.object({
  DRIVERID: z.number().int(),
  OPERATOR_ID: z.string(),
  VEHICLE: z.string(),
  NAME: z.string(),
  MOBILE: z.string(),
  ROLE: driverRoleSchema,
  FORKLIFT: z.string(),
  STATUS: driverStatusSchema,
  COMMENTS: z.string(),
  CREATED_AT: z.string(),
  VEHICLE_TYPE: optionalVehicleTypeSchema,
  operator_id: z.string(),
  mobile: z.string(),
  /** Ours, as on getSpecificDriver: 1 while an open maintenance request blocks him, so staff see who is blocked now. */
  BLOCKED_FOR_MAINTENANCE: z.union([z.literal(0), z.literal(1)]),
  /** Ours (issue #21): his latest inspection on today's plant day passed or failed, or none today. */
  INSPECTION_TODAY: inspectionTodaySchema,
  /** Ours (issue #21): when he last inspected his vehicle (ISO), any day; null if never. */
  LAST_INSPECTED_AT: z.string().nullable(),
});
export type DriverListRow = z.infer<typeof driverListRowSchema>;
/** Answer of GET /api/drivers/getDrivers. */
export const getDriversAnswerSchema = z.object({ drivers: z.array(driverListRowSchema) });
/** GET /api/drivers/getDrivers and /api/drivers/blocked: a page of the list. */
export const driverListQuerySchema = z.object(pageQueryShape(PAGE_SIZES.list));
/** Answer of GET /api/drivers/getDrivers: a page of the drivers, and how many there are. */
export const getDriversPageAnswerSchema = getDriversAnswerSchema.extend(pageAnswerShape);

/** The driver as the driver dashboard reads it; BLOCKED_FOR_MAINTENANCE 1 means blocked. */
export const dashboardDriverSchema = z.object({
  NAME: z.string(),
  VEHICLE_TYPE: optionalVehicleTypeSchema,
  BLOCKED_FOR_MAINTENANCE: z.union([z.literal(0), z.literal(1)]),
  OPERATOR_ID: z.string(),
  MOBILE: z.string(),
  /** Ours (issue #21): his latest inspection on today's plant day passed or failed, or none today. */
  INSPECTION_TODAY: inspectionTodaySchema,
});
export type DashboardDriver = z.infer<typeof dashboardDriverSchema>;
/** Answer of GET /api/drivers/getSpecificDriver/{tokenNo}. */
export const getSpecificDriverAnswerSchema = z.object({ driver: z.array(dashboardDriverSchema) });

/** GET /api/drivers/available-rides?vehicleType= */
export const availableRidesQuerySchema = z.object({ vehicleType: vehicleTypeSchema, ...pageQueryShape(PAGE_SIZES.availableRides) });
/** Answer of GET /api/drivers/available-rides. */
export const availableRidesAnswerSchema = z.object({ rides: z.object({ rows: z.array(serverRideSchema) }), ...pageAnswerShape });

/** A requester as the driver side reads it. */
export const requesterRowSchema = z.object({ FULL_NAME: z.string(), MOBILE: z.string() });
export type RequesterRow = z.infer<typeof requesterRowSchema>;
/** Answer of GET /api/drivers/getSpecificRequester/{userId}. */
export const getSpecificRequesterAnswerSchema = z.object({ requester: requesterRowSchema });
/** Answer of GET /api/drivers/getRequester/{tokenNo}. */
export const getRequesterAnswerSchema = z.object({ requester: z.array(requesterRowSchema) });

/** Answer of GET /api/drivers/status/{tokenNo}; isActive 1 means Active. */
export const driverStatusAnswerSchema = z.object({ isActive: z.union([z.literal(0), z.literal(1)]) });

/** GET /api/drivers/check-assigned/{vehicleType} */
export const checkAssignedParamsSchema = z.object({ vehicleType: vehicleTypeSchema });
/** Answer of GET /api/drivers/check-assigned/{vehicleType}. */
export const checkAssignedAnswerSchema = z.object({ count: z.number().int().nonnegative() });

/**
 * Answer of GET /api/drivers/on-shift/{vehicleType} (issue #32 item 7): how many drivers of the type
 * are on shift now, and how many of those are free (not on a ride, not blocked), for the booking form.
 */
export const onShiftAnswerSchema = z.object({ onShift: z.number().int().nonnegative(), free: z.number().int().nonnegative() });
export type OnShiftAnswer = z.infer<typeof onShiftAnswerSchema>;

/** Answer of GET /api/drivers/blocked: the drivers currently blocked. */
export const blockedDriversAnswerSchema = z.array(z.object({ id: z.string() }));
