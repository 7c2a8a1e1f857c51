import { describe, expect, it } from 'vitest';
import { foldRide, type RideEvent } from '@plantride/schemas';
import { rideTimers } from './ride-timers';

const settings = { reassignTimeoutMs: 120_000, rideWaitAlertMs: 300_000, specialTaskMinuteMs: 60_000 };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute)).toISOString();

function ride(rideId: string, special = false) {
  const requested: RideEvent = {
    type: 'RideRequested',
    data: { rideId, requesterId: 'RQ01', requesterName: 'Asha', requesterMobile: '9000000001', fromLocation: 'fgs', toLocation: 'RMS', vehicleType: 'Forklift', rideType: special ? 'Special Task' : 'Regular', estimatedMinutes: 5, durationMinutes: special ? 30 : null, requestedAt: at(0) },
  };
  const accepted = (driverId: string, minute: number): RideEvent => ({ type: 'RideAccepted', data: { rideId, driverId, driverName: driverId, driverMobile: '9', vehicleNumber: null, acceptedAt: at(minute) } });
  const started: RideEvent = { type: 'RideStarted', data: { rideId, driverId: 'F001', startedAt: at(2) } };
  const broke = (driverId: string, minute: number): RideEvent => ({ type: 'RideRedistributed', data: { rideId, originalDriverId: driverId, originalDriverName: driverId, maintenanceComment: '', maintenanceRequestId: null, resumeState: 'started', redistributedAt: at(minute) } });
  const takenOver = (driverId: string, minute: number): RideEvent => ({ type: 'RideTakenOver', data: { rideId, driverId, driverName: driverId, driverMobile: '9', vehicleNumber: null, resumeState: 'started', takenOverAt: at(minute) } });
  const notice = (redistribution: number, n: number, minute: number): RideEvent => ({ type: 'ReassignmentOverdue', data: { rideId, redistribution, notice: n, dueAt: at(minute), nextDueAt: at(minute + 2), notedAt: at(minute) } });
  return { requested, accepted, started, broke, takenOver, notice };
}
const timersOf = (events: RideEvent[]) => rideTimers(foldRide(events), settings).map((t) => ({ id: t.id, dueAt: t.dueAt.toISOString(), command: t.command }));

describe('ride timers', () => {
  const r = ride('R1');

  it('given a requested ride, then a wait alert is due the alert time after booking, and gone once it is alerted or accepted', () => {
    expect(timersOf([r.requested])).toEqual([{ id: 'wait-R1', dueAt: at(5), command: { type: 'AlertWaitingRide', data: { rideId: 'R1', dueAt: at(5) } } }]);
    expect(timersOf([r.requested, { type: 'RideWaitAlerted', data: { rideId: 'R1', requestedAt: at(0), dueAt: at(5), alertedAt: at(5) } }])).toEqual([]);
    expect(timersOf([r.requested, r.accepted('F001', 1)])).toEqual([]);
  });

  it('given a redistributed ride, then the first notice is due a timeout after the breakdown and each next one when the last notice said', () => {
    const waiting = [r.requested, r.accepted('F001', 1), r.started, r.broke('F001', 3)];
    expect(timersOf(waiting)).toEqual([
      { id: 'reassign-R1-1-1', dueAt: at(5), command: { type: 'NoteNoAlternativeDriver', data: { rideId: 'R1', redistribution: 1, notice: 1, dueAt: at(5), periodMs: 120_000 } } },
    ]);
    expect(timersOf([...waiting, r.notice(1, 1, 5)])).toEqual([
      { id: 'reassign-R1-1-2', dueAt: at(7), command: { type: 'NoteNoAlternativeDriver', data: { rideId: 'R1', redistribution: 1, notice: 2, dueAt: at(7), periodMs: 120_000 } } },
    ]);
  });

  it('given a ride taken over and broken down again, then its notices start again under a new id', () => {
    const events = [r.requested, r.accepted('F001', 1), r.started, r.broke('F001', 3), r.notice(1, 1, 5), r.takenOver('F002', 6)];
    expect(timersOf(events)).toEqual([]);
    expect(timersOf([...events, r.broke('F002', 8)]).map((t) => [t.id, t.dueAt])).toEqual([['reassign-R1-2-1', at(10)]]);
  });

  it('given a cancelled waiting ride, then it needs no timer', () => {
    expect(timersOf([r.requested, r.accepted('F001', 1), r.broke('F001', 3), { type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: at(4) } }])).toEqual([]);
  });

  it('given a started Special Task, then the overrun is due its booked minutes after the start, also after a take-over, and not while it waits', () => {
    const s = ride('S1', true);
    expect(timersOf([s.requested, s.accepted('F001', 1)])).toEqual([]);
    const running = [s.requested, s.accepted('F001', 1), s.started];
    expect(timersOf(running)).toEqual([{ id: 'overrun-S1', dueAt: at(32), command: { type: 'NoteSpecialTaskOverrun', data: { rideId: 'S1', dueAt: at(32) } } }]);
    expect(timersOf([...running, s.broke('F001', 10)]).map((t) => t.id)).toEqual(['reassign-S1-1-1']);
    expect(timersOf([...running, s.broke('F001', 10), s.takenOver('F002', 11)]).map((t) => [t.id, t.dueAt])).toEqual([['overrun-S1', at(32)]]);
    const overran: RideEvent = { type: 'SpecialTaskOverran', data: { rideId: 'S1', driverId: 'F001', startedAt: at(2), durationMinutes: 30, dueAt: at(32), overranAt: at(32) } };
    expect(timersOf([...running, overran])).toEqual([]);
  });

  it('given a started Regular ride, then it has no overrun timer', () => {
    expect(timersOf([r.requested, r.accepted('F001', 1), r.started])).toEqual([]);
  });

  it('given a ride id with characters BullMQ or Redis would misread, then the timer id escapes them', () => {
    const odd = ride('a:b/1');
    const [timer] = timersOf([odd.requested]);
    expect(timer?.id).not.toContain(':');
    expect(timer?.id).toBe('wait-a.3a.b.2f.1');
  });
});
