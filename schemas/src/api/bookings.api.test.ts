import { describe, expect, it } from 'vitest';
import { bookRideBodySchema, formatDuration } from './bookings.api';
import { acceptRideBodySchema } from './tracking.api';
import { firstMessage } from './test-support';

const regular = {
  userId: 'REQ1',
  fromLocation: 'main gate',
  toLocation: 'canteen',
  vehicleType: 'Crane',
  rideType: 'Regular',
  reqName: 'Asha',
  reqMobileNo: '9876543210',
};
const special = { ...regular, rideType: 'Special Task', duration: { hours: 0, minutes: 30 } };

describe('book-ride body', () => {
  it('given a regular ride without a drop location, then the error is the fixed-ride text', () => {
    expect(firstMessage(bookRideBodySchema, { ...regular, toLocation: '' })).toBe('Please select both From and To locations.');
  });

  it('given a special task without a pickup location, then the error is the special-task text', () => {
    const { fromLocation: _omitted, ...body } = special;
    expect(firstMessage(bookRideBodySchema, body)).toBe("Please select 'From' and 'To' locations.");
  });

  it('given the same pickup and drop, then the error is the spec same-location text', () => {
    expect(firstMessage(bookRideBodySchema, { ...regular, toLocation: ' main gate ' })).toBe('From and To locations cannot be the same.');
  });

  it('given a special task of 00h 00m or without a duration, then the error is the spec duration text', () => {
    const text = 'Please select a time greater than 00h 00m';
    expect(firstMessage(bookRideBodySchema, { ...special, duration: { hours: 0, minutes: 0 } })).toBe(text);
    expect(firstMessage(bookRideBodySchema, { ...special, duration: undefined })).toBe(text);
  });

  it('given a duration beyond the picker (2 hours), then it is refused', () => {
    expect(bookRideBodySchema.safeParse({ ...special, duration: { hours: 2, minutes: 0 } }).success).toBe(false);
  });

  it('given no user id, then the error is the spec invalid user text', () => {
    const { userId: _omitted, ...body } = regular;
    expect(firstMessage(bookRideBodySchema, body)).toBe('Invalid User ID');
  });

  it('given no vehicle type, when parsed, then the spec default Forklift is booked', () => {
    const { vehicleType: _omitted, ...body } = regular;
    expect(bookRideBodySchema.parse(body).vehicleType).toBe('Forklift');
  });

  it('given an unknown vehicle type, then the error asks to select a vehicle type', () => {
    expect(firstMessage(bookRideBodySchema, { ...regular, vehicleType: 'Truck' })).toBe('Please select a vehicle type.');
  });

  it('given a numeric user id from an old client, when parsed, then it is read as text', () => {
    expect(bookRideBodySchema.parse({ ...regular, userId: 42 }).userId).toBe('42');
  });

  it('given 90 minutes, when formatted, then it reads in the spec DURATION form', () => {
    expect(formatDuration(90)).toBe('1h 30m');
  });
});

describe('accept-ride body', () => {
  it('given no ride id, then the error is the spec invalid parameters text', () => {
    expect(firstMessage(acceptRideBodySchema, { driverId: 'DR01' })).toBe('Invalid parameters');
    expect(firstMessage(acceptRideBodySchema, { driverId: 'DR01', rideId: ' ' })).toBe('Invalid parameters');
  });
});
