import { describe, expect, it } from 'vitest';
import {
  acceptRedistributedRideBodySchema,
  maintenanceCommentBodySchema,
  maintenanceRequestBodySchema,
  maintenanceStatusBodySchema,
} from './maintenance.api';
import { firstMessage } from './test-support';

const base = {
  driver_id: 'DR01',
  driver_name: 'Ravi',
  vehicle_type: 'Forklift',
  issue: 'Engine Issue',
  comment_text: '',
  status: 'pending',
  breakdown_type: 'full',
  ride_id: null,
};

describe('maintenance request body', () => {
  it('given no vehicle type, then the error is the spec vehicle type text', () => {
    expect(firstMessage(maintenanceRequestBodySchema, { ...base, vehicle_type: '' })).toBe('Please select a vehicle type.');
  });

  it('given a mid-ride request without a comment, then the error is the spec comment text', () => {
    expect(firstMessage(maintenanceRequestBodySchema, { ...base, ride_id: 'R1', comment_text: '  ' })).toBe(
      'Please enter a comment for maintenance.',
    );
  });

  it('given a request outside a ride without a breakdown type, then the error is the spec reason text', () => {
    expect(firstMessage(maintenanceRequestBodySchema, { ...base, breakdown_type: '' })).toBe(
      'Please select maintenance reason and breakdown type.',
    );
  });

  it('given a request outside a ride without a reason, then the error is the spec reason text', () => {
    expect(firstMessage(maintenanceRequestBodySchema, { ...base, issue: '' })).toBe('Please select maintenance reason and breakdown type.');
  });

  it('given a mid-ride request with a comment and an empty breakdown type, when parsed, then it is accepted with null', () => {
    const body = maintenanceRequestBodySchema.parse({ ...base, ride_id: 17, comment_text: 'Brakes', breakdown_type: '' });
    expect(body).toMatchObject({ ride_id: '17', breakdown_type: null });
  });
});

describe('maintenance head bodies', () => {
  it('given a blank comment, then the error is the spec empty comment text', () => {
    expect(firstMessage(maintenanceCommentBodySchema, { comment_text: '   ' })).toBe('Comment cannot be empty');
  });

  it('given a rejection with a blank reason, then the error is the spec rejection text', () => {
    expect(firstMessage(maintenanceStatusBodySchema, { status: 'rejected', maintenance_date: null, reason: ' ' })).toBe(
      'Please provide a reason for rejection',
    );
  });

  it('given completion without a date, then it is refused', () => {
    expect(maintenanceStatusBodySchema.safeParse({ status: 'completed', maintenance_date: null }).success).toBe(false);
  });

  it('given the RIDE_STATE spelling material_dropped, when parsed, then the ride resumes from delivered', () => {
    const body = acceptRedistributedRideBodySchema.parse({ rideId: 'R1', newDriverId: 'DR02', currentState: 'material_dropped' });
    expect(body.currentState).toBe('delivered');
  });
});
