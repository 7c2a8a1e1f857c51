import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at } from '../../../engine/src/test-support/event-builder';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { redeliver } from '../../../engine/src/test-support/redelivery';
import { rideEvents as e } from '../../../engine/src/test-support/ride-events';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { ridesProjection } from './rides.projection';
import { availableRides, findRide, ongoingRideOfDriver, openRideIds } from './rides.queries';
import { scheduledSlaEvents as s } from './scheduled-sla-events.fixture';

const time = (minute: number) => new Date(at(minute));
const NO_DRIVER = { driver_id: null, driver_name: null, driver_mobile: null, vehicle_number: null };
const NOT_REDISTRIBUTED = {
  is_redistributed: false,
  original_driver_id: null,
  original_driver_name: null,
  maintenance_comment: null,
  resume_state: null,
};

describe.each(testStoreKinds())('rides read model on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, ridesProjection);
  });
  afterEach(() => spec.dispose());

  const ride = (rideId = 'R1') => findRide(spec.db, rideId);

  it('given a ride requested, then its row holds the booking, status requested and only the creation time', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0, { rideType: 'Special Task', durationMinutes: 90, vehicleType: 'Crane' }));
    expect(await ride()).toEqual({
      ride_id: 'R1',
      requester_id: 'RQ01',
      requester_name: 'Requester RQ01',
      requester_mobile: '9000000001',
      from_location: 'main gate',
      to_location: 'canteen',
      vehicle_type: 'Crane',
      ride_type: 'Special Task',
      status: 'requested',
      estimated_minutes: 11,
      duration_minutes: 90,
      ...NO_DRIVER,
      ...NOT_REDISTRIBUTED,
      requested_at: time(0),
      accepted_at: null,
      started_at: null,
      picked_at: null,
      dropped_at: null,
      ended_at: null,
      cancelled_at: null,
      open_to_all: true,
      offered_to: null,
      offer_expires_at: null,
      priority: 'normal',
      scheduled_for: null,
      release_at: null,
      accept_breached_at: null,
      deliver_breached_at: null,
      load: null,
      // The statechart's snapshot, to fold the ride's next event from.
      ride_state: expect.any(String),
      last_position: 1,
    });
  });

  it('given a ride booked with what is moved, then its row keeps the load through its steps; a ride booked without one has none', async () => {
    const load = { description: 'Gear boxes', quantity: 12, unit: 'pallets' as const, weightKg: 350, handling: ['hazardous' as const] };
    await spec.given(
      e.requested('R1', 'RQ01', 0, { load }),
      e.requested('R2', 'RQ01', 1),
      e.accepted('R1', 'FL01', 2),
      e.started('R1', 'FL01', 3),
    );
    expect(await ride('R1')).toMatchObject({ status: 'started', load });
    expect((await availableRides(spec.db, 'Forklift')).map((row) => [row.ride_id, row.load])).toEqual([['R2', null]]);
    expect((await ongoingRideOfDriver(spec.db, 'FL01'))?.load).toEqual(load);
    // A later batch reads the row (its load as jsonb gives it back) and writes it again whole.
    await spec.given(e.picked('R1', 'FL01', 4));
    expect(await ride('R1')).toMatchObject({ status: 'material picked', load });
  });

  it('given a ride booked for later, then it is scheduled with when it is wanted and released, no driver sees it, and its release timer is re-armed on boot', async () => {
    await spec.given(s.scheduled('R1', 'RQ01', 0, 120, 105), e.requested('R2', 'RQ01', 1));
    expect(await ride()).toMatchObject({
      status: 'scheduled',
      scheduled_for: time(120),
      release_at: time(105),
      requested_at: time(0),
      open_to_all: true,
      offered_to: null,
    });
    expect((await availableRides(spec.db, 'Forklift')).map((row) => row.ride_id)).toEqual(['R2']);
    expect((await availableRides(spec.db, 'Forklift', 'FL01')).map((row) => row.ride_id)).toEqual(['R2']);
    expect(await openRideIds(spec.db)).toEqual(['R1', 'R2']);
  });

  it('given a scheduled ride, when it is released, then it is requested and every driver of its type may take it, newest booking first', async () => {
    await spec.given(s.scheduled('R1', 'RQ01', 0, 120, 105), e.requested('R2', 'RQ01', 1), s.released('R1', 105));
    expect(await ride()).toMatchObject({
      status: 'requested',
      scheduled_for: time(120),
      release_at: time(105),
      open_to_all: true,
      offered_to: null,
    });
    expect((await availableRides(spec.db, 'Forklift', 'FL01')).map((row) => row.ride_id)).toEqual(['R2', 'R1']);
  });

  it('given a scheduled ride released under offer dispatch, then only the driver it is offered to sees it, until it is open to all', async () => {
    await spec.given(
      s.scheduled('R1', 'RQ01', 0, 120, 105, { priority: 'urgent' }),
      s.released('R1', 105, 'offer'),
      e.offered('R1', 'FL01', 1, 105),
    );
    expect(await ride()).toMatchObject({ status: 'requested', open_to_all: false, offered_to: 'FL01', priority: 'urgent' });
    const seen = async (driverId: string) => (await availableRides(spec.db, 'Forklift', driverId)).map((row) => row.ride_id);
    expect([await seen('FL01'), await seen('FL02')]).toEqual([['R1'], []]);
    await spec.given(e.offerExpired('R1', 'FL01', 1, 106), e.openedToAll('R1', 106, 'no driver free'));
    expect([await seen('FL01'), await seen('FL02')]).toEqual([['R1'], ['R1']]);
  });

  it('given open rides of both priorities, then urgent ones come first, each group newest first; an offer keeps its expiry until answered', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.requested('R2', 'RQ01', 1, { priority: 'urgent' }),
      e.requested('R3', 'RQ01', 2),
      e.requested('R4', 'RQ01', 3, { priority: 'urgent' }),
    );
    expect((await availableRides(spec.db, 'Forklift')).map((row) => row.ride_id)).toEqual(['R4', 'R2', 'R3', 'R1']);
    await spec.given(e.requested('R5', 'RQ01', 4, { dispatch: 'offer' }), e.offered('R5', 'FL01', 1, 4));
    const offered = await findRide(spec.db, 'R5');
    expect([offered?.offered_to, offered?.offer_expires_at]).toEqual(['FL01', new Date(Date.parse(time(4).toISOString()) + 30_000)]);
    await spec.given(e.offerDeclined('R5', 'FL01', 1, 4));
    expect((await findRide(spec.db, 'R5'))?.offer_expires_at).toBeNull();
  });

  it('given a scheduled ride, when it is cancelled before its release, then it is cancelled and no longer open', async () => {
    await spec.given(s.scheduled('R1', 'RQ01', 0, 120, 105), e.cancelled('R1', 'RQ01', 3));
    expect(await ride()).toMatchObject({ status: 'cancelled', cancelled_at: time(3), scheduled_for: time(120) });
    expect(await openRideIds(spec.db)).toEqual([]);
  });

  it('given a ride that missed its acceptance target and then its delivery target, then each miss is kept with its time and nothing else changes', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0), s.slaBreached('R1', 'accept', 5));
    expect(await ride()).toMatchObject({ status: 'requested', accept_breached_at: time(5), deliver_breached_at: null });
    await spec.given(
      e.accepted('R1', 'FL01', 6),
      e.started('R1', 'FL01', 7),
      e.picked('R1', 'FL01', 8),
      s.slaBreached('R1', 'deliver', 30),
      e.dropped('R1', 'FL01', 31),
    );
    expect(await ride()).toMatchObject({
      status: 'delivered',
      accepted_at: time(6),
      accept_breached_at: time(5),
      deliver_breached_at: time(30),
    });
  });

  it('given a requested ride, when a driver accepts it, then it is accepted with his name, mobile and vehicle number', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0), e.accepted('R1', 'FL01', 1));
    expect(await ride()).toMatchObject({
      status: 'accepted',
      driver_id: 'FL01',
      driver_name: 'Driver FL01',
      driver_mobile: '9876543210',
      vehicle_number: 'MH12 FL01',
      accepted_at: time(1),
      started_at: null,
      ...NOT_REDISTRIBUTED,
    });
  });

  it('given an accepted ride, when the driver takes it through each step, then each step sets its status and its own timestamp', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0), e.accepted('R1', 'FL01', 1));
    const steps = [
      { event: e.started('R1', 'FL01', 2), status: 'started', column: 'started_at' },
      { event: e.picked('R1', 'FL01', 3), status: 'material picked', column: 'picked_at' },
      { event: e.dropped('R1', 'FL01', 4), status: 'delivered', column: 'dropped_at' },
      { event: e.ended('R1', 'FL01', 5), status: 'completed', column: 'ended_at' },
    ] as const;
    for (const [index, step] of steps.entries()) {
      await spec.given(step.event);
      expect(await ride()).toMatchObject({ status: step.status, [step.column]: time(index + 2), driver_id: 'FL01' });
    }
    expect(await ride()).toMatchObject({
      status: 'completed',
      requested_at: time(0),
      accepted_at: time(1),
      started_at: time(2),
      picked_at: time(3),
      dropped_at: time(4),
      ended_at: time(5),
      cancelled_at: null,
      last_position: 6,
    });
  });

  it('given a requested ride, when the requester cancels it, then it is cancelled at that time and has no driver', async () => {
    await spec.given(e.requested('R1', 'RQ01', 0), e.cancelled('R1', 'RQ01', 2));
    expect(await ride()).toMatchObject({ status: 'cancelled', cancelled_at: time(2), accepted_at: null, ...NO_DRIVER });
  });

  it('given a started ride, when its driver breaks down, then it waits for reassignment without a driver and records who had it, why and where it stood', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
    );
    expect(await ride()).toMatchObject({
      status: 'waiting_for_reassignment',
      ...NO_DRIVER,
      is_redistributed: true,
      original_driver_id: 'FL01',
      original_driver_name: 'Driver FL01',
      maintenance_comment: 'hydraulics',
      resume_state: 'started',
      accepted_at: time(1),
      started_at: time(2),
    });
  });

  it('given a redistributed ride, when another driver takes it over, then it resumes from its recorded state with him and keeps who had it before', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
      e.takenOver('R1', 'FL02', 4),
    );
    expect(await ride()).toMatchObject({
      status: 'started',
      driver_id: 'FL02',
      driver_name: 'Driver FL02',
      driver_mobile: '9876500000',
      vehicle_number: 'MH12 FL02',
      is_redistributed: true,
      original_driver_id: 'FL01',
      original_driver_name: 'Driver FL01',
      maintenance_comment: 'hydraulics',
      resume_state: null,
      accepted_at: time(1),
      started_at: time(2),
    });
  });

  it('given a taken-over ride, when the new driver finishes it, then it completes with him', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
      e.takenOver('R1', 'FL02', 4),
      e.picked('R1', 'FL02', 5),
      e.dropped('R1', 'FL02', 6),
      e.ended('R1', 'FL02', 7),
    );
    expect(await ride()).toMatchObject({
      status: 'completed',
      driver_id: 'FL02',
      original_driver_id: 'FL01',
      picked_at: time(5),
      dropped_at: time(6),
      ended_at: time(7),
    });
  });

  it('given a ride redistributed a second time, then the driver who last had it is its original driver', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
      e.takenOver('R1', 'FL02', 4),
      e.redistributed('R1', 'FL02', 5),
    );
    expect(await ride()).toMatchObject({
      status: 'waiting_for_reassignment',
      ...NO_DRIVER,
      original_driver_id: 'FL02',
      original_driver_name: 'Driver FL02',
      resume_state: 'started',
    });
  });

  it('given a ride moved on, when the same batch is delivered again, then its row is unchanged', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.redistributed('R1', 'FL01', 3),
    );
    const before = await ride();
    await spec.given();
    expect(await ride()).toEqual(before);
  });

  it('given rides in every state, when each of their events is applied again past the checkpoint, then no row changes', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.requested('R2', 'RQ01', 1),
      e.cancelled('R2', 'RQ01', 2),
      e.requested('R3', 'RQ02', 3),
      e.accepted('R3', 'FL01', 4),
      e.started('R3', 'FL01', 5),
      e.redistributed('R3', 'FL01', 6),
      e.takenOver('R3', 'FL02', 7),
      e.picked('R3', 'FL02', 8),
      e.dropped('R3', 'FL02', 8),
      e.ended('R3', 'FL02', 8),
      s.scheduled('R4', 'RQ02', 9, 120, 105),
      s.scheduled('R5', 'RQ02', 10, 120, 105),
      s.released('R5', 105, 'offer'),
      // Five minutes after its release: the acceptance target of a normal ride.
      s.slaBreached('R5', 'accept', 110),
    );
    const rows = () => spec.db.selectFrom('rides').selectAll().orderBy('ride_id').execute();
    const before = await rows();
    expect(before.map((row) => row.status)).toEqual(['requested', 'cancelled', 'completed', 'scheduled', 'requested']);
    for (const type of [
      'RideRequested',
      'RideAccepted',
      'RideStarted',
      'RideRedistributed',
      'RideTakenOver',
      'MaterialPicked',
      'MaterialDropped',
      'RideCancelled',
      'RideEnded',
      'RideReleased',
      'RideSlaBreached',
    ]) {
      await redeliver(spec.database, [ridesProjection], (event) => event.type === type);
      expect(await rows(), `after ${type} again`).toEqual(before);
    }
  });

  it('given new, redistributed, taken and other-type rides, then a driver may take only the new and redistributed ones of his type, newest first', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.requested('R2', 'RQ01', 1, { vehicleType: 'Crane' }),
      e.requested('R3', 'RQ02', 2),
      e.accepted('R3', 'FL01', 3),
      e.started('R3', 'FL01', 4),
      e.redistributed('R3', 'FL01', 5),
      e.requested('R4', 'RQ02', 6),
      e.accepted('R4', 'FL02', 7),
      e.requested('R5', 'RQ02', 8),
      e.cancelled('R5', 'RQ02', 9),
    );
    expect((await availableRides(spec.db, 'Forklift')).map((row) => row.ride_id)).toEqual(['R3', 'R1']);
    expect((await availableRides(spec.db, 'Crane')).map((row) => row.ride_id)).toEqual(['R2']);
  });

  it('given rides under offer dispatch, then a driver sees one only while it is offered to him or once it is open to all; staff see them all', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0, { dispatch: 'offer', priority: 'urgent' }),
      e.offered('R1', 'FL01', 1, 0),
      e.requested('R2', 'RQ01', 1, { dispatch: 'offer' }),
      e.offered('R2', 'FL01', 1, 1),
      e.offerDeclined('R2', 'FL01', 1, 2),
      e.offered('R2', 'FL02', 2, 2),
      e.offerExpired('R2', 'FL02', 2, 3),
      e.requested('R3', 'RQ01', 2, { dispatch: 'offer' }),
      e.openedToAll('R3', 2, 'no driver free'),
    );
    const seen = async (driverId?: string) => (await availableRides(spec.db, 'Forklift', driverId)).map((row) => row.ride_id);
    // R1 is urgent: first.
    expect(await seen('FL01')).toEqual(['R1', 'R3']);
    expect(await seen('FL02')).toEqual(['R3']);
    expect(await seen()).toEqual(['R1', 'R3', 'R2']);
    expect(await findRide(spec.db, 'R1')).toMatchObject({ open_to_all: false, offered_to: 'FL01', priority: 'urgent' });
    expect(await findRide(spec.db, 'R2')).toMatchObject({ open_to_all: false, offered_to: null, priority: 'normal' });
  });

  it('given a driver with a completed ride and one in progress, then his ongoing ride is the one in progress', async () => {
    await spec.given(
      e.requested('R1', 'RQ01', 0),
      e.accepted('R1', 'FL01', 1),
      e.started('R1', 'FL01', 2),
      e.picked('R1', 'FL01', 2),
      e.dropped('R1', 'FL01', 2),
      e.ended('R1', 'FL01', 2),
      e.requested('R2', 'RQ01', 3),
      e.accepted('R2', 'FL01', 4),
      e.started('R2', 'FL01', 5),
      e.picked('R2', 'FL01', 5),
    );
    expect(await ongoingRideOfDriver(spec.db, 'FL01')).toMatchObject({ ride_id: 'R2', status: 'material picked' });
    expect(await ongoingRideOfDriver(spec.db, 'FL02')).toBeUndefined();
  });
});
