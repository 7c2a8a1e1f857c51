import { describe, expect, it } from 'vitest';
import { foldRide, type RideEvent } from '@plantride/schemas';
import { rideTimers } from './ride-timers';

const settings = { reassignTimeoutMs: 120_000, rideWaitAlertMs: 300_000, specialTaskMinuteMs: 60_000 };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 8, minute)).toISOString();

function ride(rideId: string, special = false) {
  const requested: RideEvent = {
    type: 'RideRequested',
    data: {
      rideId,
      requesterId: 'RQ01',
      requesterName: 'Asha',
      requesterMobile: '9000000001',
      fromLocation: 'fgs',
      toLocation: 'RMS',
      vehicleType: 'Forklift',
      rideType: special ? 'Special Task' : 'Regular',
      estimatedMinutes: 5,
      durationMinutes: special ? 30 : null,
      requestedAt: at(0),
    },
  };
  const accepted = (driverId: string, minute: number): RideEvent => ({
    type: 'RideAccepted',
    data: { rideId, driverId, driverName: driverId, driverMobile: '9', vehicleNumber: null, acceptedAt: at(minute) },
  });
  const started: RideEvent = { type: 'RideStarted', data: { rideId, driverId: 'F001', startedAt: at(2) } };
  const broke = (driverId: string, minute: number): RideEvent => ({
    type: 'RideRedistributed',
    data: {
      rideId,
      originalDriverId: driverId,
      originalDriverName: driverId,
      maintenanceComment: '',
      maintenanceRequestId: null,
      resumeState: 'started',
      redistributedAt: at(minute),
      openToAll: true,
      alternativeDrivers: 1,
    },
  });
  const takenOver = (driverId: string, minute: number): RideEvent => ({
    type: 'RideTakenOver',
    data: {
      rideId,
      driverId,
      driverName: driverId,
      driverMobile: '9',
      vehicleNumber: null,
      resumeState: 'started',
      takenOverAt: at(minute),
    },
  });
  const notice = (redistribution: number, n: number, minute: number): RideEvent => ({
    type: 'ReassignmentOverdue',
    data: { rideId, redistribution, notice: n, dueAt: at(minute), nextDueAt: at(minute + 2), notedAt: at(minute) },
  });
  return { requested, accepted, started, broke, takenOver, notice };
}
const allTimersOf = (events: RideEvent[]) =>
  rideTimers(foldRide(events), settings).map((t) => ({ id: t.id, dueAt: t.dueAt.toISOString(), command: t.command }));
/** The spec's timers and offers; service-target timers (issue #20) have tests of their own below. */
const timersOf = (events: RideEvent[]) => allTimersOf(events).filter((t) => !t.id.startsWith('sla-'));
const targetTimersOf = (events: RideEvent[]) =>
  allTimersOf(events)
    .filter((t) => t.id.startsWith('sla-'))
    .map((t) => [t.id, t.dueAt]);

describe('ride timers', () => {
  const r = ride('R1');

  it('given a requested ride, then a wait alert is due the alert time after booking, and gone once it is alerted or accepted', () => {
    expect(timersOf([r.requested])).toEqual([
      { id: 'wait-R1', dueAt: at(5), command: { type: 'AlertWaitingRide', data: { rideId: 'R1', dueAt: at(5) } } },
    ]);
    expect(
      timersOf([r.requested, { type: 'RideWaitAlerted', data: { rideId: 'R1', requestedAt: at(0), dueAt: at(5), alertedAt: at(5) } }]),
    ).toEqual([]);
    expect(timersOf([r.requested, r.accepted('F001', 1)])).toEqual([]);
  });

  it('given a redistributed ride, then the first notice is due a timeout after the breakdown and each next one when the last notice said', () => {
    const waiting = [r.requested, r.accepted('F001', 1), r.started, r.broke('F001', 3)];
    expect(timersOf(waiting)).toEqual([
      {
        id: 'reassign-R1-1-1',
        dueAt: at(5),
        command: { type: 'NoteNoAlternativeDriver', data: { rideId: 'R1', redistribution: 1, notice: 1, dueAt: at(5), periodMs: 120_000 } },
      },
    ]);
    expect(timersOf([...waiting, r.notice(1, 1, 5)])).toEqual([
      {
        id: 'reassign-R1-1-2',
        dueAt: at(7),
        command: { type: 'NoteNoAlternativeDriver', data: { rideId: 'R1', redistribution: 1, notice: 2, dueAt: at(7), periodMs: 120_000 } },
      },
    ]);
  });

  it('given a ride taken over and broken down again, then its notices start again under a new id', () => {
    const events = [r.requested, r.accepted('F001', 1), r.started, r.broke('F001', 3), r.notice(1, 1, 5), r.takenOver('F002', 6)];
    expect(timersOf(events)).toEqual([]);
    expect(timersOf([...events, r.broke('F002', 8)]).map((t) => [t.id, t.dueAt])).toEqual([['reassign-R1-2-1', at(10)]]);
  });

  it('given a cancelled waiting ride, then it needs no timer', () => {
    expect(
      timersOf([
        r.requested,
        r.accepted('F001', 1),
        r.broke('F001', 3),
        { type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: at(4) } },
      ]),
    ).toEqual([]);
  });

  it('given a started Special Task, then the overrun is due its booked minutes after the start, also after a take-over, and not while it waits', () => {
    const s = ride('S1', true);
    expect(timersOf([s.requested, s.accepted('F001', 1)])).toEqual([]);
    const running = [s.requested, s.accepted('F001', 1), s.started];
    expect(timersOf(running)).toEqual([
      { id: 'overrun-S1', dueAt: at(32), command: { type: 'NoteSpecialTaskOverrun', data: { rideId: 'S1', dueAt: at(32) } } },
    ]);
    expect(timersOf([...running, s.broke('F001', 10)]).map((t) => t.id)).toEqual(['reassign-S1-1-1']);
    expect(timersOf([...running, s.broke('F001', 10), s.takenOver('F002', 11)]).map((t) => [t.id, t.dueAt])).toEqual([
      ['overrun-S1', at(32)],
    ]);
    const overran: RideEvent = {
      type: 'SpecialTaskOverran',
      data: { rideId: 'S1', driverId: 'F001', startedAt: at(2), durationMinutes: 30, dueAt: at(32), overranAt: at(32) },
    };
    expect(timersOf([...running, overran])).toEqual([]);
  });

  it('given a started Regular ride, then it has no overrun timer', () => {
    expect(timersOf([r.requested, r.accepted('F001', 1), r.started])).toEqual([]);
  });

  // Default targets: normal 5 min to accept, 30 to deliver; urgent 2 and 15.
  it('given a requested ride, then its acceptance and delivery targets are due from its booking at its priority, and a new priority moves them', () => {
    expect(targetTimersOf([r.requested])).toEqual([
      ['sla-accept-R1-normal', at(5)],
      ['sla-deliver-R1-normal', at(30)],
    ]);
    const urgent: RideEvent = {
      type: 'RidePriorityChanged',
      data: { rideId: 'R1', priority: 'urgent', changedBy: 'AD01', changedAt: at(1) },
    };
    expect(targetTimersOf([r.requested, urgent])).toEqual([
      ['sla-accept-R1-urgent', at(2)],
      ['sla-deliver-R1-urgent', at(15)],
    ]);
  });

  it('given targets missed or met, then each is armed once: acceptance until accepted or missed, delivery until the drop', () => {
    const missed: RideEvent = {
      type: 'RideSlaBreached',
      data: { rideId: 'R1', target: 'accept', priority: 'normal', dueAt: at(5), breachedAt: at(5) },
    };
    expect(targetTimersOf([r.requested, missed])).toEqual([['sla-deliver-R1-normal', at(30)]]);
    expect(targetTimersOf([r.requested, r.accepted('F001', 1)])).toEqual([['sla-deliver-R1-normal', at(30)]]);
    expect(targetTimersOf([r.requested, r.accepted('F001', 1), r.started, r.broke('F001', 3)])).toEqual([
      ['sla-deliver-R1-normal', at(30)],
    ]);
    const dropped = [
      r.requested,
      r.accepted('F001', 1),
      r.started,
      { type: 'MaterialPicked', data: { rideId: 'R1', driverId: 'F001', pickedAt: at(3) } },
      { type: 'MaterialDropped', data: { rideId: 'R1', driverId: 'F001', droppedAt: at(4) } },
    ] as RideEvent[];
    expect(targetTimersOf(dropped)).toEqual([]);
    expect(
      targetTimersOf([r.requested, { type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: at(1) } }]),
    ).toEqual([]);
  });

  it('given targets an admin changed before the booking, then the ride keeps them', () => {
    const targets = { normal: { acceptSeconds: 60, deliverSeconds: 600 }, urgent: { acceptSeconds: 30, deliverSeconds: 300 } };
    const booked = { ...r.requested, data: { ...r.requested.data, serviceTargets: targets } } as RideEvent;
    expect(targetTimersOf([booked])).toEqual([
      ['sla-accept-R1-normal', at(1)],
      ['sla-deliver-R1-normal', at(10)],
    ]);
  });

  it('given a ride booked for later, then only its release is armed, and after the release its wait alert and targets count from then', () => {
    const later = { ...r.requested, data: { ...r.requested.data, scheduledFor: at(60), releaseAt: at(45) } } as RideEvent;
    expect(allTimersOf([later])).toEqual([
      { id: 'release-R1', dueAt: at(45), command: { type: 'ReleaseScheduledRide', data: { rideId: 'R1', dueAt: at(45) } } },
    ]);
    const released: RideEvent = { type: 'RideReleased', data: { rideId: 'R1', releasedAt: at(46) } };
    expect(allTimersOf([later, released]).map((t) => [t.id, t.dueAt])).toEqual([
      ['wait-R1', at(51)],
      ['sla-accept-R1-normal', at(51)],
      ['sla-deliver-R1-normal', at(76)],
    ]);
    expect(allTimersOf([later, { type: 'RideCancelled', data: { rideId: 'R1', cancelledBy: 'RQ01', cancelledAt: at(2) } }])).toEqual([]);
  });

  it('given a ride id with characters BullMQ or Redis would misread, then the timer id escapes them', () => {
    const odd = ride('a:b/1');
    const [timer] = timersOf([odd.requested]);
    expect(timer?.id).not.toContain(':');
    expect(timer?.id).toBe('wait-a.3a.b.2f.1');
  });
});
