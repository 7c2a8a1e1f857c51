import { describe, expect, it } from 'vitest';
import { MAINTENANCE_REASONS, MESSAGES, filedIssue, maintenanceRequestProblem } from '@plantride/schemas';
import {
  emptyMaintenanceForm,
  maintenanceFormError,
  maintenanceRequestBody,
  missingFields,
  type MaintenanceForm,
} from './maintenance-form';

const form = (over: Partial<MaintenanceForm>): MaintenanceForm => ({ ...emptyMaintenanceForm, ...over });
const idle = { midRide: false, ownVehicleType: 'Crane' as const };
const midRide = { midRide: true, ownVehicleType: 'Crane' as const };

describe('maintenance request rules (SPEC §5)', () => {
  it('given a form partly filled, then the fields still missing are the ones a rule needs', () => {
    expect(missingFields(form({}), false)).toEqual(['reason', 'breakdownType']);
    expect(missingFields(form({ reason: 'Others', breakdownType: 'full' }), false)).toEqual(['customIssue']);
    expect(missingFields(form({ reason: 'Engine Issue', breakdownType: 'full' }), false)).toEqual([]);
    expect(missingFields(form({ reason: 'Engine Issue' }), true)).toEqual(['comment']);
    expect(missingFields(form({ comment: 'leak' }), true)).toEqual([]);
  });

  it('given no vehicle type, or another one than his, then it reads Please select a vehicle type.', () => {
    expect(maintenanceFormError(form({}), idle)).toBe(MESSAGES.selectVehicleType);
    expect(maintenanceFormError(form({ vehicleType: 'Forklift', reason: 'Engine Issue', breakdownType: 'full' }), idle)).toBe(
      MESSAGES.selectVehicleType,
    );
  });

  it('given no ride in progress, then a reason and a breakdown type are both required', () => {
    expect(maintenanceFormError(form({ vehicleType: 'Crane' }), idle)).toBe(MESSAGES.selectReasonAndBreakdown);
    expect(maintenanceFormError(form({ vehicleType: 'Crane', reason: 'Engine Issue' }), idle)).toBe(MESSAGES.selectReasonAndBreakdown);
    expect(maintenanceFormError(form({ vehicleType: 'Crane', breakdownType: 'full' }), idle)).toBe(MESSAGES.selectReasonAndBreakdown);
    expect(maintenanceFormError(form({ vehicleType: 'Crane', reason: 'Engine Issue', breakdownType: 'full' }), idle)).toBeNull();
  });

  it("given 'Others', then its own text is required and is sent as the issue", () => {
    const others = form({ vehicleType: 'Crane', reason: 'Others', breakdownType: 'partial' });
    expect(maintenanceFormError(others, idle)).toBe(MESSAGES.selectReasonAndBreakdown);
    const described = { ...others, customIssue: '  boom arm jammed ' };
    expect(maintenanceFormError(described, idle)).toBeNull();
    expect(maintenanceRequestBody(described, { id: 'CR01', name: 'Ravi' }, null)).toEqual({
      driver_id: 'CR01',
      driver_name: 'Ravi',
      vehicle_type: 'Crane',
      issue: 'boom arm jammed',
      comment_text: '',
      status: 'pending',
      breakdown_type: 'partial',
      ride_id: null,
    });
  });

  it('given a ride in progress, then a comment is required, and the request names the ride as a partial breakdown', () => {
    expect(maintenanceFormError(form({ vehicleType: 'Crane' }), midRide)).toBe(MESSAGES.enterMaintenanceComment);
    expect(maintenanceFormError(form({ vehicleType: 'Crane', comment: '   ' }), midRide)).toBe(MESSAGES.enterMaintenanceComment);
    const filled = form({ vehicleType: 'Crane', comment: 'hydraulics leaking' });
    expect(maintenanceFormError(filled, midRide)).toBeNull();
    expect(maintenanceRequestBody(filled, { id: 'CR01', name: 'Ravi' }, 'R1')).toMatchObject({
      ride_id: 'R1',
      breakdown_type: 'partial',
      comment_text: 'hydraulics leaking',
    });
  });

  it("given every mix of ride, reason, own words, breakdown type and comment, then the form refuses what the engine's rule refuses, in its words", () => {
    for (const onRide of [false, true])
      for (const reason of ['', ...MAINTENANCE_REASONS] as const)
        for (const customIssue of ['', 'horn stuck'])
          for (const breakdownType of ['', 'partial', 'full'] as const)
            for (const comment of ['', 'hydraulics']) {
              const filled = form({ vehicleType: 'Crane', reason, customIssue, breakdownType, comment });
              const rule = maintenanceRequestProblem({
                midRide: onRide,
                issue: filedIssue(reason, customIssue),
                breakdownType: breakdownType || null,
                commentText: comment,
              });
              expect(maintenanceFormError(filled, onRide ? midRide : idle), JSON.stringify(filled)).toBe(rule?.message ?? null);
            }
  });
});
