import { describe, expect, it } from 'vitest';
import { defaultSiteDefinition } from '../site-plan';
import {
  EVENT_SCHEMA_VERSIONS,
  EVENT_TYPES,
  RIDE_EVENT_TYPES,
  domainEventSchema,
  eventMetadataSchema,
  isEventType,
  rideEventSchema,
} from './index';

const requested = {
  type: 'RideRequested',
  data: {
    rideId: 'R1',
    requesterId: 'REQ1',
    requesterName: 'Asha',
    requesterMobile: '9876543210',
    fromLocation: 'main gate',
    toLocation: 'canteen',
    vehicleType: 'Forklift',
    rideType: 'Regular',
    estimatedMinutes: 11,
    durationMinutes: null,
    requestedAt: '2025-01-02T03:04:05.000Z',
  },
};

describe('domain events', () => {
  it('given every stream, then each event type has exactly one schema version: 1, but ChecklistChanged, MaintenanceRequested and DriverUnblocked (issues #31, #32) at 2 and RideRedistributed and the maintenance outcomes (issues #29, #32) at 3, upcast on read', () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    // The 1 after the 4: the board's AlertAcknowledged (issue #32 item 4); the 2 after it: a driver's break, DriverBreakStarted and DriverBreakEnded (issue #32 item 4);
    // then 11: service accounts, their keys and triggers, orders, trigger presses and webhook subscriptions (issue #33);
    // the 3 after them: a robot registered, its order cancelled, and the places' VDA 5050 nodes (issue #33 item 4);
    // the 2 after them: places' codes issued and a scan rule set (issue #34 item 2); the last 1: a user's LanguageChosen (issue #34 item 4).
    expect(EVENT_TYPES).toHaveLength(22 + 11 + 13 + 5 + 4 + 1 + 2 + 4 + 1 + 2 + 11 + 3 + 2 + 1);
    const later: Record<string, number> = {
      RideRedistributed: 3,
      MaintenanceRequested: 2,
      MaintenanceRejected: 3,
      MaintenanceCompleted: 3,
      DriverUnblocked: 2,
      ChecklistChanged: 2,
    };
    for (const type of EVENT_TYPES) expect(EVENT_SCHEMA_VERSIONS[type]).toBe(later[type] ?? 1);
  });

  it('given the union schema, then it accepts every listed type and no other', () => {
    const unionTypes = domainEventSchema.options.map((o) => o.shape.type.value).sort();
    expect(unionTypes).toEqual([...EVENT_TYPES].sort());
  });

  it('given the ride stream, then its types are the twenty-one the statechart consumes (six of them written by timers, five by offer dispatch, one by staff assigning a ride)', () => {
    expect([...RIDE_EVENT_TYPES].sort()).toEqual(
      [
        'RideRequested',
        'RideAccepted',
        'RideStarted',
        'MaterialPicked',
        'MaterialDropped',
        'RideEnded',
        'RideCancelled',
        'RideRedistributed',
        'RideTakenOver',
        'RideWaitAlerted',
        'ReassignmentOverdue',
        'SpecialTaskOverran',
        'RideOffered',
        'RideOfferDeclined',
        'RideOfferExpired',
        'RideOpenedToAll',
        'RidePriorityChanged',
        'RideReleased',
        'RideSlaBreached',
        'RideOfferWithdrawn',
        'RideAssigned',
        'RideSlaMissWithdrawn',
      ].sort(),
    );
  });

  it('given a well-formed RideRequested, when parsed, then it round-trips unchanged', () => {
    expect(rideEventSchema.parse(requested)).toEqual(requested);
  });

  it('given a RideRequested with a non-ISO time or an unknown vehicle, then it is refused', () => {
    expect(rideEventSchema.safeParse({ ...requested, data: { ...requested.data, requestedAt: 'yesterday' } }).success).toBe(false);
    expect(rideEventSchema.safeParse({ ...requested, data: { ...requested.data, vehicleType: 'Truck' } }).success).toBe(false);
  });

  it('given a redistribution, then the resume state uses the status spelling, not RIDE_STATE', () => {
    const event = {
      type: 'RideRedistributed',
      data: {
        rideId: 'R1',
        originalDriverId: 'DR01',
        originalDriverName: 'Ravi',
        maintenanceComment: 'Brakes',
        maintenanceRequestId: null,
        resumeState: 'material picked',
        redistributedAt: '2025-01-02T03:04:05.000Z',
        openToAll: true,
        alternativeDrivers: 2,
      },
    };
    expect(domainEventSchema.safeParse(event).success).toBe(true);
    expect(domainEventSchema.safeParse({ ...event, data: { ...event.data, resumeState: 'material_picked' } }).success).toBe(false);
  });

  it('given the default site as a SiteDefined event, then it parses; a route naming a place by name does not', () => {
    const data = defaultSiteDefinition();
    expect(domainEventSchema.safeParse({ type: 'SiteDefined', data }).success).toBe(true);
    expect(
      domainEventSchema.safeParse({ type: 'SiteDefined', data: { ...data, routes: [{ from: 'main gate', to: 'canteen', minutes: 11 }] } })
        .success,
    ).toBe(false);
  });

  it('given an unknown type name, then it is not an event type', () => {
    expect(isEventType('RideAccepted')).toBe(true);
    expect(isEventType('toString')).toBe(false);
    expect(domainEventSchema.safeParse({ type: 'RideTeleported', data: {} }).success).toBe(false);
  });
});

describe('event metadata', () => {
  const ids = { commandId: '6f1c0e3a-6a0e-4a8b-9c3d-1e2f3a4b5c6d', correlationId: 'c1', causationId: null };

  it('given a user actor or a system actor, then both are accepted', () => {
    expect(eventMetadataSchema.safeParse({ ...ids, actor: { tokenNo: 'AB12', role: 'driver' } }).success).toBe(true);
    expect(eventMetadataSchema.safeParse({ ...ids, actor: { system: 'timer' } }).success).toBe(true);
  });

  it('given a command id that is not a uuid, then it is refused, since event ids are derived from it', () => {
    expect(eventMetadataSchema.safeParse({ ...ids, commandId: 'cmd-1', actor: { system: 'timer' } }).success).toBe(false);
  });
});
