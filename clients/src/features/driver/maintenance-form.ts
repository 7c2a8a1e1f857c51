import {
  MESSAGES,
  filedBreakdownType,
  filedIssue,
  maintenanceRequestProblem,
  type BreakdownType,
  type MaintenanceReason,
  type VehicleType,
} from '@plantride/schemas';
import type { MaintenanceRequestInput } from './api/request-maintenance';

export interface MaintenanceForm {
  vehicleType: VehicleType | '';
  reason: MaintenanceReason | '';
  /** The driver's own words when the reason is 'Others'. */
  customIssue: string;
  breakdownType: BreakdownType | '';
  comment: string;
}

export const emptyMaintenanceForm: MaintenanceForm = { vehicleType: '', reason: '', customIssue: '', breakdownType: '', comment: '' };

/** The issue sent: the reason, or the driver's own text for 'Others'. */
export const issueOf = (form: MaintenanceForm): string => filedIssue(form.reason, form.customIssue.trim());

/** The fields the driver fills; a rule the form breaks is shown once he has touched one of them that is missing. */
export type MaintenanceField = 'reason' | 'customIssue' | 'breakdownType' | 'comment';

/** Which of his touched fields still lack a value the SPEC §5 rules need. */
export function missingFields(form: MaintenanceForm, midRide: boolean): MaintenanceField[] {
  if (midRide) return form.comment.trim() ? [] : ['comment'];
  const missing: MaintenanceField[] = [];
  if (!form.reason) missing.push('reason');
  if (form.reason === 'Others' && !form.customIssue.trim()) missing.push('customIssue');
  if (!form.breakdownType) missing.push('breakdownType');
  return missing;
}

/**
 * The first SPEC §5 rule the form breaks, or null when it may be sent: his own vehicle type, then
 * the request's rule as the engine applies it (`maintenanceRequestProblem`).
 */
export function maintenanceFormError(
  form: MaintenanceForm,
  { midRide, ownVehicleType }: { midRide: boolean; ownVehicleType: VehicleType | '' | null },
): string | null {
  if (!form.vehicleType || form.vehicleType !== ownVehicleType) return MESSAGES.selectVehicleType;
  const problem = maintenanceRequestProblem({
    midRide,
    issue: issueOf(form),
    breakdownType: form.breakdownType || null,
    commentText: form.comment,
  });
  return problem?.message ?? null;
}

/** POST /api/requests/maintenanceReq as the form fills it; a mid-ride request names the ride and is partial. */
export function maintenanceRequestBody(
  form: MaintenanceForm,
  driver: { id: string; name: string },
  rideId: string | null,
): MaintenanceRequestInput {
  return {
    driver_id: driver.id,
    driver_name: driver.name,
    vehicle_type: form.vehicleType as VehicleType,
    issue: issueOf(form),
    comment_text: form.comment.trim(),
    status: 'pending',
    breakdown_type: filedBreakdownType(Boolean(rideId), form.breakdownType || null),
    ride_id: rideId,
  };
}
