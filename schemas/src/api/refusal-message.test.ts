import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES, SERVER_MESSAGES } from '../messages';
import { bookRideBodySchema } from './bookings.api';
import { toggleAccessBodySchema } from './drivers.api';
import { maintenanceRequestBodySchema, maintenanceStatusBodySchema } from './maintenance.api';
import { rideHistoryPostBodySchema } from './ride-history.api';
import { fieldLabel, refusalMessage } from './refusal-message';

/** The refusal a schema's first issue answers for `input`. */
function refusal(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return refusalMessage(result.error.issues[0]!);
}

// Zod's own wording, which must never reach a user.
const RAW = /Invalid input|Invalid option|Too big|Too small|expected (number|string|object)|Invalid ISO/;

describe('fieldLabel', () => {
  it.each([
    ['maintenance_date', 'Maintenance date'],
    ['rideId', 'Ride ID'],
    ['RIDE_ID', 'Ride ID'],
    ['comment_text', 'Comment'],
    ['reqName', 'Requester name'],
    ['estimatedTime', 'Estimated time'],
  ])('given %s, then it reads %s', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });
});

describe('refusalMessage', () => {
  it("given an issue with the spec's message, then that message answers as it is", () => {
    expect(refusal(bookRideBodySchema, { userId: 'AB12', fromLocation: 'main gate', toLocation: 'main gate' })).toBe(
      MESSAGES.sameLocations,
    );
  });

  it.each([
    ['an unknown status', { status: 'done' }, 'Status must be one of: accepted, completed, rejected.'],
    [
      'a date that is not ISO',
      { status: 'completed', maintenance_date: 'yesterday' },
      'Maintenance date must be an ISO date and time, e.g. 2026-03-01T09:30:00Z.',
    ],
    ['a missing status', {}, 'Status must be one of: accepted, completed, rejected.'],
    ['a missing date on completion', { status: 'completed' }, SERVER_MESSAGES.maintenanceDateRequired],
  ])('given %s, then the field is named in words and no validator text is left', (_, body, message) => {
    const answer = refusal(maintenanceStatusBodySchema, body);
    expect(answer).toBe(message);
    expect(answer).not.toMatch(RAW);
  });

  it('given a number where text belongs, or nothing where an id belongs, then the field is named', () => {
    expect(refusal(maintenanceRequestBodySchema, { driver_id: 'AB12', vehicle_type: 'Forklift', driver_name: 5 })).toBe(
      'Driver name must be text.',
    );
    expect(
      refusalMessage({
        code: 'invalid_type',
        path: ['rideId'],
        message: 'Invalid input: expected string, received undefined',
        expected: 'string',
      }),
    ).toBe('Ride ID is required.');
  });

  it('given numbers out of range and of the wrong type, then the refusal names the field', () => {
    expect(
      refusalMessage({ code: 'too_big', path: ['hours'], message: 'Too big: expected number to be <=1', origin: 'number', maximum: 1 }),
    ).toBe('Duration hours must be at most 1.');
    expect(
      refusalMessage({
        code: 'invalid_type',
        path: ['estimatedTime'],
        message: 'Invalid input: expected number, received string',
        expected: 'number',
      }),
    ).toBe('Estimated time must be a number.');
  });

  it('given a body that is not an object at all, then the generic message answers', () => {
    expect(refusal(maintenanceStatusBodySchema, 'text')).toBe(SERVER_MESSAGES.invalidRequest);
  });

  it('given a union that fails, then the option the input came closest to is described', () => {
    const message = refusal(rideHistoryPostBodySchema, {
      rideId: 'R1',
      userId: 'AB12',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      status: 'flying',
      estimatedTime: 3,
      timestamp: 'now',
      rideType: 'Regular',
    });
    expect(message).toMatch(/^Status must be one of: scheduled, requested, /);
  });

  it('given a union with its own message, then that message answers', () => {
    expect(refusal(toggleAccessBodySchema, { driverId: 'AB12', active: 'yes' })).toBe('Active must be 1 or 0 (true or false).');
  });
});
