import { LIMITS, SERVER_MESSAGES, driverRecordSchema, type DriverListRow, type DriverRecord, type DriverStatus } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** The driver form as typed: every field is text until it is checked. */
export interface DriverForm {
  operatorId: string;
  name: string;
  vehicle: string;
  mobile: string;
  forklift: string;
  status: DriverStatus;
  comments: string;
  vehicleAssigned: string;
  createdAt?: string;
}

export type DriverFormErrors = Partial<Record<keyof DriverForm, string>>;

export const emptyDriverForm = (): DriverForm => ({
  operatorId: '',
  name: '',
  vehicle: '',
  mobile: '',
  forklift: '',
  status: 'Active',
  comments: '',
  vehicleAssigned: '',
});

export const driverFormOf = (row: DriverListRow): DriverForm => ({
  operatorId: row.OPERATOR_ID,
  name: row.NAME,
  vehicle: row.VEHICLE,
  mobile: row.MOBILE,
  forklift: row.FORKLIFT,
  status: row.STATUS,
  comments: row.COMMENTS,
  vehicleAssigned: row.VEHICLE_TYPE,
  createdAt: row.CREATED_AT,
});

/** 'Active' / 'Not Active' in the language spoken now; the record keeps the English value. */
export const driverStatusLabel = (status: string): string =>
  status === 'Active'
    ? i18n.t('staff.drivers.statuses.active')
    : status === 'Not Active'
      ? i18n.t('staff.drivers.statuses.notActive')
      : status;

/** Digits only, at most `max` of them: what the mobile and sticker inputs keep of what is typed (SPEC §5). */
export const digitsOnly = (text: string, max: number): string => text.replace(/\D/g, '').slice(0, max);
export const mobileInput = (text: string) => digitsOnly(text, LIMITS.mobileDigits);
export const stickerInput = (text: string) => digitsOnly(text, LIMITS.stickerMaxDigits);

const FIELD_OF: Record<string, keyof DriverForm> = {
  operatorId: 'operatorId',
  name: 'name',
  mobile: 'mobile',
  forklift: 'forklift',
  vehicle: 'vehicle',
};

/**
 * The form's rules are the server's (SPEC §5): name letters and spaces, mobile 10 digits, sticker
 * 1–2 digits, operator id 4–5 characters. Answers the record to send, or the message under each field.
 */
export function checkDriverForm(form: DriverForm): { record: DriverRecord } | { errors: DriverFormErrors } {
  const parsed = driverRecordSchema.safeParse({ ...form, role: 'Driver' });
  if (parsed.success) return { record: parsed.data };
  const errors: DriverFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = translateMessage(issue.message);
  }
  if (Object.keys(errors).length === 0) errors.comments = translateMessage(SERVER_MESSAGES.invalidRequest);
  return { errors };
}
