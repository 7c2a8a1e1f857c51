import { describe, expect, it } from 'vitest';
import { SOCKET_EVENT_NAMES, SOCKET_PAYLOADS } from './socket';

// SPEC §7, emitted and received lists; renaming any of these breaks the spec's clients.
const SPEC_EVENT_NAMES = [
  'newRideRequest',
  'rideRequested',
  'rideAccepted',
  'rideStarted',
  'materialPicked',
  'materialDropped',
  'rideEnded',
  'removeRide',
  'statusChanged',
  'maintenanceCompleted',
  'maintenanceRejected',
  'driverUnblocked',
  'driverBlocked',
  'redistributedRide',
  'rideRedistributed',
  'driverReassigned',
  'noAlternativeDriver',
  'maintenanceRequestAdded',
  'newRegistrationRequest',
  'requestStatusUpdated',
  'newMaintenanceRequest',
];

// Ours, from the timers, the session expiry and the socket message limit (engine README's event → socket table).
const OUR_EVENT_NAMES = [
  'rideWaitingTooLong',
  'specialTaskOverdue',
  'sessionExpired',
  // An account change that ends the user's sessions (issue #32 item 8).
  'sessionEnded',
  'tooManyMessages',
  'rideOffered',
  'rideReleased',
  'rideSlaBreached',
  // Issue #32 item 4: the board's other changes.
  'boardChanged',
  // Issue #32 item 2: a missed delivery target taken back.
  'rideSlaMissWithdrawn',
  'siteChanged',
  'vehicleInspected',
  // Issue #32 item 4: an alert acknowledged on the board.
  'alertAcknowledged',
  // Issue #32 item 4: staff assigning a ride.
  'rideAssigned',
  'rideTakenBack',
];

describe('socket payloads', () => {
  it('given the spec event lists and our additions, then there is a payload for each name and no other', () => {
    expect([...SOCKET_EVENT_NAMES].sort()).toEqual([...SPEC_EVENT_NAMES, ...OUR_EVENT_NAMES].sort());
  });

  it('given any payload, then a negative or fractional position is refused', () => {
    for (const name of SOCKET_EVENT_NAMES) {
      const shape = SOCKET_PAYLOADS[name].shape;
      expect(shape.position.safeParse(undefined).success, name).toBe(true);
      expect(shape.position.safeParse(12).success, name).toBe(true);
      expect(shape.position.safeParse(-1).success, name).toBe(false);
      expect(shape.position.safeParse(1.5).success, name).toBe(false);
    }
  });

  it('given a driverReassigned from the engine, then it keeps the spec lower-case driver fields', () => {
    const result = SOCKET_PAYLOADS.driverReassigned.safeParse({
      rideId: 'R1',
      driverDetails: { id: 'DR02', name: 'Meena', mobile: '9876543210', vehicle: 'MH12 AB 1234' },
      newDriverName: 'Meena',
      newDriverId: 'DR02',
      position: 40,
    });
    expect(result.success).toBe(true);
  });
});
