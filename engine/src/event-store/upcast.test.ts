import { describe, expect, it } from 'vitest';
import { EVENT_SCHEMA_VERSIONS } from '@plantride/schemas';
import { toDomainEvent } from './upcast';

describe('upcasting stored events', () => {
  it('given a RideRedistributed stored at version 1 for a ride under offer dispatch, when it is read, then it says every driver of the type may take it over, as the engine that wrote it allowed', () => {
    expect(EVENT_SCHEMA_VERSIONS.RideRedistributed).toBe(2);
    const stored = {
      type: 'RideRedistributed',
      schemaVersion: 1,
      globalPosition: 7,
      data: {
        rideId: 'R1',
        originalDriverId: 'D1',
        originalDriverName: 'Driver D1',
        maintenanceComment: 'Engine Issue',
        maintenanceRequestId: null,
        resumeState: 'started',
        redistributedAt: '2026-11-25T08:04:00.000Z',
      },
    };
    const event = toDomainEvent(stored);
    expect(event).toEqual({ type: 'RideRedistributed', data: { ...stored.data, openToAll: true } });
  });

  it('given an event at a version with no upcaster, when it is read, then it is refused by name', () => {
    expect(() => toDomainEvent({ type: 'RideRedistributed', schemaVersion: 0, globalPosition: 3, data: {} })).toThrow(
      'No upcaster for RideRedistributed from version 0',
    );
  });
});
