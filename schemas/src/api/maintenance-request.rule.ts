import type { BreakdownType } from '../constants';
import { MESSAGES } from '../messages';

/** A driver's maintenance request as the SPEC §5 rule reads it, however it was sent. */
export interface MaintenanceRequestFacts {
  /** He holds a ride in progress. The body's `ride_id` says so to the schema and the form; the ride's own stream to the decider. */
  midRide: boolean;
  /** The issue as filed (`filedIssue`): the reason chosen, or the driver's own words for 'Others'. */
  issue: string;
  breakdownType: BreakdownType | null;
  commentText: string;
}

/** A broken rule: the body field it belongs to and the spec's words. */
export interface MaintenanceRequestProblem {
  field: 'comment_text' | 'issue';
  message: string;
}

/**
 * SPEC §5, the one rule of a driver's request, used by the body's schema, the decider and the
 * driver's form: mid-ride a comment is needed (no reason or breakdown type is asked); otherwise a
 * reason and a breakdown type. The rule broken, or null when the request may be filed.
 */
export function maintenanceRequestProblem(request: MaintenanceRequestFacts): MaintenanceRequestProblem | null {
  if (request.midRide) return request.commentText.trim() ? null : { field: 'comment_text', message: MESSAGES.enterMaintenanceComment };
  if (!request.issue.trim() || request.breakdownType === null) return { field: 'issue', message: MESSAGES.selectReasonAndBreakdown };
  return null;
}

/** The issue a request files: the reason chosen, or for 'Others' the driver's own words. */
export const filedIssue = (reason: string, customIssue: string): string => (reason === 'Others' ? customIssue : reason);

/** The breakdown a request files: mid-ride it is partial (the vehicle got that far), otherwise the driver's choice. */
export const filedBreakdownType = (midRide: boolean, chosen: BreakdownType | null): BreakdownType | null => (midRide ? 'partial' : chosen);

/**
 * Issue #32: a request that took its vehicle out of service: a full breakdown (the driver's choice, or a
 * failed critical inspection item, which files one) or a breakdown mid-ride (his ride had to be handed
 * over). Closing such a request returns the vehicle to service only after a passed inspection when the
 * plant requires inspections (the maintenance decider's `inspectionDueOnClose`); otherwise the maintenance
 * head's close is his confirmation that the vehicle was checked.
 */
export const takesVehicleOutOfService = (request: { breakdownType: BreakdownType | null; rideId: string | null }): boolean =>
  request.breakdownType === 'full' || request.rideId !== null;
