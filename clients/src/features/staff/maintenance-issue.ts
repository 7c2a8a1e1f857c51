import { MESSAGES, type MaintenanceRequestRow } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** The driver's report as he wrote it (issue #32): nothing the maintenance head writes or a rejection changes it. */
export interface DriverReport {
  /** What went wrong, in words: the chosen reason, or for a mid-ride request what the driver wrote. */
  issue: string;
  /** His comment, when it says more than the issue line; null otherwise (a mid-ride request's words are its issue, shown once). */
  comment: string | null;
  /** The ride a mid-ride request was filed from; null for a request filed between rides. */
  midRideOf: string | null;
}

/**
 * The report a head reads. A request filed mid-ride has no reason or breakdown type (SPEC §5: a comment
 * only), so instead of 'N/A' its issue is what the driver wrote, and it names the ride. The driver's
 * words come from DRIVER_COMMENT, never COMMENT_TEXT (which takes the head's edits and a rejection).
 */
export function driverReportOf(row: Pick<MaintenanceRequestRow, 'ISSUE' | 'DRIVER_COMMENT' | 'RIDE_ID'>): DriverReport {
  const words = row.DRIVER_COMMENT.trim() || null;
  if (row.ISSUE) return { issue: row.ISSUE, comment: words, midRideOf: row.RIDE_ID };
  if (row.RIDE_ID) return { issue: words ?? translateMessage(MESSAGES.notAvailable), comment: null, midRideOf: row.RIDE_ID };
  return { issue: translateMessage(MESSAGES.notAvailable), comment: words, midRideOf: null };
}

/** 'Mid-ride, ride' before the ride's id (a link to its audit); null when it was not mid-ride. */
export const midRideLabel = (report: DriverReport): string | null => (report.midRideOf ? i18n.t('staff.requests.midRide') : null);

/** What happens to the vehicle now, as the request's close recorded it (issue #32); null while open or when nothing is due. */
export function returnToServiceNote(row: Pick<MaintenanceRequestRow, 'STATUS' | 'INSPECTION_DUE'>): string | null {
  if (row.STATUS !== 'completed' && row.STATUS !== 'rejected') return null;
  return row.INSPECTION_DUE ? i18n.t('staff.requests.backInService') : null;
}

/** What closing a request will mean for its vehicle, for the Reject and Mark Complete dialogs; null when nothing more is needed. */
export interface CloseWarning {
  text: string;
  /** The head must tick that he checked the vehicle (inspections off: his close is the check, docs/DECISIONS.md). */
  needsCheck: boolean;
}

/**
 * The return-to-service rule's wording (issue #32), from what the server says of the request: whether it
 * took its vehicle out of service (OUT_OF_SERVICE) and whether closing it now leaves an inspection due
 * (INSPECTION_DUE_ON_CLOSE, the decider's own rule). What the close recorded shows afterwards as INSPECTION_DUE.
 */
export function closeWarningOf(
  row: Pick<MaintenanceRequestRow, 'OUT_OF_SERVICE' | 'INSPECTION_DUE_ON_CLOSE' | 'VEHICLE_NUMBER'>,
): CloseWarning | null {
  if (!row.OUT_OF_SERVICE) return null;
  const vehicle = row.VEHICLE_NUMBER
    ? i18n.t('staff.requests.vehicleNumbered', { number: row.VEHICLE_NUMBER })
    : i18n.t('staff.requests.thisVehicle');
  if (row.INSPECTION_DUE_ON_CLOSE)
    return {
      text: i18n.t('staff.requests.outOfServiceInspection', { vehicle }),
      needsCheck: false,
    };
  return {
    text: i18n.t('staff.requests.outOfServiceReturns', { vehicle }),
    needsCheck: true,
  };
}

/** The box the head ticks when his close is the vehicle's check. */
export const vehicleCheckedLabel = (): string => i18n.t('staff.requests.vehicleChecked');
