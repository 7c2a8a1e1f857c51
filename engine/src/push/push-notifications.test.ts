import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@plantride/schemas';
import { roomsFor } from '../live/live-rooms';
import { socketEventsFor, type PositionedEvent } from '../live/ride-socket-events';
import type { RideFacts } from '../live/ride-facts';
import { PUSH_TEXT, pushFor, pushPlans, type PushRecipient } from './push-notifications';

// Issue #34 item 1: what a device is pushed for an event is what its account's sockets would hear,
// through the one socket mapping, picked and worded here.
const now = new Date('2026-12-07T10:00:00Z');
const facts = {
  rideId: 'R1',
  requesterId: 'RQ01',
  fromLocation: 'Main gate',
  toLocation: 'Chakan warehouse',
  vehicleType: 'Forklift',
  rideType: 'Regular',
  priority: 'normal',
} as unknown as RideFacts;

const driver = (tokenNo: string, vehicleType: 'Forklift' | 'Crane', free = true): PushRecipient => ({
  rooms: new Set(roomsFor(tokenNo, { role: 'driver', assignedVehicleType: vehicleType })),
  free,
});
const staff: PushRecipient = { rooms: new Set(roomsFor('MH01', { role: 'maintenanceHead', assignedVehicleType: null })), free: false };
const event = (type: string, data: object, position = 7) => ({ type, data, position }) as unknown as PositionedEvent;

describe('push notifications', () => {
  it('given a ride offered to a driver, then he is pushed the offer (not the announcement that goes with it), kept as long as the offer, and nobody else anything', () => {
    const expiresAt = '2026-12-07T10:01:30Z';
    const emits = socketEventsFor(event('RideOffered', { rideId: 'R1', driverId: 'FL01', offeredAt: now.toISOString(), expiresAt }), facts);
    const plans = pushPlans(emits, now);

    expect(pushFor(plans, driver('FL01', 'Forklift'))).toEqual({
      kind: 'offer',
      title: PUSH_TEXT.offerTitle,
      body: 'Main gate → Chakan warehouse · answer within 90 s',
      tag: 'ride-R1',
      url: '/driver',
      expiresAt,
    });
    expect(pushFor(plans, driver('FL02', 'Forklift'))).toBeNull();
    expect(pushFor(plans, staff)).toBeNull();
  });

  it('given a ride opened to all drivers of its type, then a free driver of that type is pushed it, one on break or off shift or of another type is not', () => {
    const plans = pushPlans(socketEventsFor(event('RideOpenedToAll', { rideId: 'R1' }), facts), now);

    expect(pushFor(plans, driver('FL01', 'Forklift'))).toMatchObject({
      kind: 'ride',
      title: MESSAGES.newRideBooked,
      body: 'Main gate → Chakan warehouse',
    });
    expect(pushFor(plans, driver('FL02', 'Forklift', false))).toBeNull();
    expect(pushFor(plans, driver('CR01', 'Crane'))).toBeNull();
  });

  it('given a breakdown mid-ride, then the other free drivers of the type are pushed the ride to take over, not the driver who broke down, and staff the breakdown', () => {
    const redistributed = socketEventsFor(
      event('RideRedistributed', {
        rideId: 'R1',
        originalDriverId: 'FL01',
        originalDriverName: 'Ravi Patil',
        maintenanceComment: '',
        resumeState: 'picked',
        alternativeDrivers: 1,
      }),
      facts,
    );
    const requested = socketEventsFor(
      event('MaintenanceRequested', { requestId: 'M1', driverId: 'FL01', driverName: 'Ravi Patil', vehicleType: 'Forklift' }),
      null,
    );
    const plans = pushPlans(redistributed, now);

    expect(pushFor(plans, driver('FL02', 'Forklift'))).toMatchObject({
      kind: 'redistributed',
      body: `Main gate → Chakan warehouse · ${PUSH_TEXT.brokeDown('Ravi Patil')}`,
    });
    expect(pushFor(plans, driver('FL01', 'Forklift'))).toBeNull();
    expect(pushFor(pushPlans(requested, now), staff)).toMatchObject({ kind: 'breakdown', url: '/requests', tag: 'maintenance-M1' });
    expect(pushFor(pushPlans(requested, now), driver('FL02', 'Forklift'))).toBeNull();
  });

  it('given socket events that are not news for a pocket (a step, a board refresh), then nothing is pushed', () => {
    const emits = socketEventsFor(event('MaterialPicked', { rideId: 'R1', driverId: 'FL01', pickedAt: now.toISOString() }), facts);
    expect(emits.length).toBeGreaterThan(0);
    expect(pushPlans(emits, now)).toEqual([]);
  });
});
