import { describe, expect, it } from 'vitest';
import { MESSAGES, newDriverAssigned } from '@plantride/schemas';
import { initialLiveRide, liveRideReducer, type LiveAction, type LiveRideState } from './live-ride.reducer';

const ravi = { id: 'FL01', name: 'Ravi Kumar', mobile: '9876543210', vehicle: 'MH12 AB 1234' };
const meena = { id: 'FL02', name: 'Meena Iyer', mobile: '9876543211', vehicle: 'MH12 AB 5678' };

const run = (actions: LiveAction[], from: LiveRideState = initialLiveRide) => actions.reduce(liveRideReducer, from);
const tracking = run([{ type: 'track', rideId: 'R1', rideType: 'Regular', status: 'requested' }]);
const accepted = (rideId: string, position: number, isRedistributed = false, driver = ravi): LiveAction => ({
  type: 'rideAccepted',
  payload: { rideId, driverData: driver, isRedistributed, driverId: driver.id, position },
});

describe('live ride events (SPEC §4)', () => {
  it('given a tracked ride, when an event for another ride arrives, then it is ignored (the same state object)', () => {
    for (const type of ['rideStarted', 'materialPicked', 'materialDropped', 'rideEnded', 'rideRedistributed'] as const) {
      expect(liveRideReducer(tracking, { type, payload: { rideId: 'OTHER', position: 5 } })).toBe(tracking);
    }
    const reassigned: LiveAction = {
      type: 'driverReassigned',
      payload: { rideId: 'OTHER', driverDetails: meena, newDriverName: meena.name, newDriverId: meena.id, position: 6 },
    };
    expect(liveRideReducer(tracking, reassigned)).toBe(tracking);
  });

  it('given a started Special Task, when it runs past its booked time, then the notice changes nothing of the ride', () => {
    const started = run([accepted('R1', 10), { type: 'rideStarted', payload: { rideId: 'R1', position: 11 } }], tracking);
    const overdue: LiveAction = {
      type: 'specialTaskOverdue',
      payload: {
        rideId: 'R1',
        driverId: 'FL01',
        startedAt: '2026-11-25T08:00:00.000Z',
        durationMinutes: 30,
        message: 'late',
        position: 12,
      },
    };
    expect(liveRideReducer(started, overdue)).toBe(started);
  });

  it('given a tracked ride, when rideAccepted arrives for another ride, then that ride is adopted with its driver', () => {
    const next = liveRideReducer(tracking, accepted('R2', 7));
    expect(next).toMatchObject({ rideId: 'R2', status: 'accepted', driver: ravi, position: 7 });
  });

  it('given nothing tracked, when rideAccepted arrives, then the ride is adopted', () => {
    expect(liveRideReducer(initialLiveRide, accepted('R9', 3))).toMatchObject({ rideId: 'R9', status: 'accepted', driver: ravi });
  });

  it('given an accepted ride, when it is started, picked, dropped and ended, then the status follows each step', () => {
    const steps = (['rideStarted', 'materialPicked', 'materialDropped', 'rideEnded'] as const).map((type, i) => ({
      type,
      payload: { rideId: 'R1', position: 11 + i },
    }));
    const statuses = steps.reduce<{ state: LiveRideState; seen: (string | null)[] }>(
      (acc, action) => {
        const state = liveRideReducer(acc.state, action);
        return { state, seen: [...acc.seen, state.status] };
      },
      { state: liveRideReducer(tracking, accepted('R1', 10)), seen: [] },
    ).seen;
    expect(statuses).toEqual(['started', 'material picked', 'delivered', 'completed']);
  });

  it('given a payload already applied, when it comes again (replay after reconnect), then nothing changes', () => {
    const once = liveRideReducer(liveRideReducer(tracking, accepted('R1', 10)), {
      type: 'rideStarted',
      payload: { rideId: 'R1', position: 11 },
    });
    expect(liveRideReducer(once, { type: 'rideStarted', payload: { rideId: 'R1', position: 11 } })).toBe(once);
  });

  it('given a started ride, when its vehicle breaks down and another driver takes over, then it waits, then resumes at started with the new driver and notice', () => {
    const started = run([accepted('R1', 10), { type: 'rideStarted', payload: { rideId: 'R1', position: 11 } }], tracking);
    const broken = liveRideReducer(started, {
      type: 'rideRedistributed',
      payload: { rideId: 'R1', message: MESSAGES.vehicleBrokeDown, position: 12 },
    });
    expect(broken).toMatchObject({ status: 'waiting_for_reassignment', notice: MESSAGES.vehicleBrokeDown, driver: null });
    // One store event (RideTakenOver) gives both socket events at the same position: both apply.
    const taken = run(
      [
        {
          type: 'driverReassigned',
          payload: { rideId: 'R1', driverDetails: meena, newDriverName: meena.name, newDriverId: meena.id, position: 13 },
        },
        accepted('R1', 13, true, meena),
      ],
      broken,
    );
    expect(taken).toMatchObject({ status: 'started', driver: meena, notice: newDriverAssigned('Meena Iyer') });
    const otherOrder = run(
      [
        accepted('R1', 13, true, meena),
        {
          type: 'driverReassigned',
          payload: { rideId: 'R1', driverDetails: meena, newDriverName: meena.name, newDriverId: meena.id, position: 13 },
        },
      ],
      broken,
    );
    expect(otherOrder).toMatchObject({ status: 'started', driver: meena, notice: newDriverAssigned('Meena Iyer') });
  });

  it('given a ride the screen only picks up while it waits (a reload), when another driver takes over, then it shows accepted until the server says where it resumed', () => {
    const waiting = run([{ type: 'track', rideId: 'R1', rideType: 'Regular', status: 'waiting_for_reassignment' }]);
    const taken = liveRideReducer(waiting, {
      type: 'driverReassigned',
      payload: { rideId: 'R1', driverDetails: meena, newDriverName: meena.name, newDriverId: meena.id, position: 20 },
    });
    expect(taken).toMatchObject({ status: 'accepted', driver: meena });
    expect(liveRideReducer(taken, { type: 'serverStatus', rideId: 'R1', status: 'material picked', position: 20 }).status).toBe(
      'material picked',
    );
  });

  it('given the material picked, when the breakdown is heard twice before anyone takes over, then the take-over still resumes at material picked', () => {
    const picked = run(
      [
        accepted('R1', 10),
        { type: 'rideStarted', payload: { rideId: 'R1', position: 11 } },
        { type: 'materialPicked', payload: { rideId: 'R1', position: 12 } },
      ],
      tracking,
    );
    const broken = run(
      [
        { type: 'rideRedistributed', payload: { rideId: 'R1', position: 13 } },
        { type: 'rideRedistributed', payload: { rideId: 'R1', position: 14 } },
      ],
      picked,
    );
    expect(broken).toMatchObject({ status: 'waiting_for_reassignment', resumeStatus: 'material picked' });
    expect(liveRideReducer(broken, accepted('R1', 15, true, meena))).toMatchObject({
      status: 'material picked',
      driver: meena,
      resumeStatus: null,
    });
  });

  it('given the notice is showing, when it is cleared after its time, then only that notice goes', () => {
    const state = { ...tracking, notice: newDriverAssigned('Meena Iyer') };
    expect(liveRideReducer(state, { type: 'clearNotice', notice: newDriverAssigned('Meena Iyer') }).notice).toBeNull();
    expect(liveRideReducer(state, { type: 'clearNotice', notice: 'something else' })).toBe(state);
  });

  it('given a server status read before the last applied event, when it arrives, then it cannot move the ride back', () => {
    const started = run([accepted('R1', 10), { type: 'rideStarted', payload: { rideId: 'R1', position: 11 } }], tracking);
    expect(liveRideReducer(started, { type: 'serverStatus', rideId: 'R1', status: 'accepted', position: 10 })).toBe(started);
    expect(liveRideReducer(started, { type: 'serverStatus', rideId: 'R1', status: 'material picked', position: 12 }).status).toBe(
      'material picked',
    );
  });

  it('given a tracked ride, when reset, then nothing is tracked but the applied position is kept', () => {
    const state = run([accepted('R1', 10), { type: 'reset' }], tracking);
    expect(state).toMatchObject({ rideId: null, status: null, driver: null, position: 10 });
  });
});

describe('a ride booked for later goes to drivers (issue #20, rideReleased)', () => {
  const released = (rideId: string, position: number): LiveAction => ({ type: 'rideReleased', payload: { rideId, position } });

  it('given nothing tracked, when his scheduled ride is released, then it is tracked as waiting for a driver', () => {
    expect(liveRideReducer(initialLiveRide, released('S1', 20))).toMatchObject({
      rideId: 'S1',
      status: 'requested',
      rideType: null,
      position: 20,
    });
  });

  it('given a ride going now, when another of his rides is released, then the screen keeps its ride and the lists read again at the new position', () => {
    const going = run([accepted('R1', 10)], tracking);
    const next = liveRideReducer(going, released('S1', 21));
    expect(next).not.toBe(going);
    expect(next).toMatchObject({ rideId: 'R1', status: 'accepted', driver: ravi, position: 21 });
  });

  it('given his completed ride still on screen, when a scheduled one is released, then the released one takes its place', () => {
    const ended = run(
      [
        accepted('R1', 10),
        ...(['rideStarted', 'materialPicked', 'materialDropped', 'rideEnded'] as const).map((type, i) => ({
          type,
          payload: { rideId: 'R1', position: 11 + i },
        })),
      ],
      tracking,
    );
    expect(liveRideReducer(ended, released('S1', 30))).toMatchObject({ rideId: 'S1', status: 'requested', driver: null });
  });

  it('given the same release replayed after a reconnect, when it arrives again, then it is ignored', () => {
    const once = liveRideReducer(initialLiveRide, released('S1', 20));
    expect(liveRideReducer(once, released('S1', 20))).toBe(once);
  });
});
