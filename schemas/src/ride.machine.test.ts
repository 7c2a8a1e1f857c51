import { describe, expect, it } from 'vitest';
import { createActor, initialTransition } from 'xstate';
import { getShortestPaths, getStateNodes } from '@xstate/graph';
import type { RideType } from './constants';
import type { ResumeState } from './ride.machine';
import { RIDE_EVENT_TYPES, type RideEvent, type RideEventType } from './events/ride.events';
import { bookingTrackerStep, dashboardTrackerStep } from './ride-status';
import {
  canApply,
  evolveRide,
  foldRide,
  initialRideSnapshot,
  persistRide,
  restoreRide,
  resumeStateOf,
  rideMachine,
  rideStatusOf,
  slaDueAt,
  startRideFold,
  type RideEventOf,
  type RideSnapshot,
  type RideLifecycleStatus as RideStatus,
} from './ride.machine';

const rideId = 'ride-1';
let clock = 0;
const at = () => new Date(Date.UTC(2025, 0, 6, 8, 0, clock++)).toISOString();

/** A ride booked for later (issue #20): the table's 'scheduled' row, reached by this step. */
const SCHEDULED = 'RideRequested (scheduled)';
type Step = RideEventType | typeof SCHEDULED;

function scheduledRequest(): RideEventOf<'RideRequested'> {
  const booked = requested('Special Task');
  return { ...booked, data: { ...booked.data, scheduledFor: '2025-01-07T08:00:00.000Z', releaseAt: '2025-01-07T07:45:00.000Z' } };
}

function requested(rideType: RideType = 'Regular'): RideEventOf<'RideRequested'> {
  return {
    type: 'RideRequested',
    data: {
      rideId,
      requesterId: 'T100',
      requesterName: 'Asha',
      requesterMobile: '9000000001',
      fromLocation: 'main gate',
      toLocation: 'canteen',
      vehicleType: 'Forklift',
      rideType,
      estimatedMinutes: 11,
      durationMinutes: rideType === 'Special Task' ? 90 : null,
      requestedAt: at(),
    },
  };
}

/**
 * One concrete event of each type; breakdown, take-over and timer data follow the snapshot they apply to.
 * Rides are Special Tasks here, so every event type has a state that accepts it.
 */
function sample(type: Step, s: RideSnapshot, driverId = 'D1'): RideEvent {
  switch (type) {
    case SCHEDULED:
      return scheduledRequest();
    case 'RideRequested':
      return requested('Special Task');
    case 'RideAccepted':
      return {
        type,
        data: { rideId, driverId, driverName: `Driver ${driverId}`, driverMobile: '9000000002', vehicleNumber: 'MH12-1', acceptedAt: at() },
      };
    case 'RideStarted':
      return { type, data: { rideId, driverId, startedAt: at() } };
    case 'MaterialPicked':
      return { type, data: { rideId, driverId, pickedAt: at() } };
    case 'MaterialDropped':
      return { type, data: { rideId, driverId, droppedAt: at() } };
    case 'RideEnded':
      return { type, data: { rideId, driverId, endedAt: at() } };
    case 'RideCancelled':
      return { type, data: { rideId, cancelledBy: 'T100', cancelledAt: at() } };
    case 'RideRedistributed':
      return {
        type,
        data: {
          rideId,
          originalDriverId: s.context.driverId ?? 'D1',
          originalDriverName: s.context.driverName ?? 'Driver D1',
          maintenanceComment: 'Hydraulic Problem',
          maintenanceRequestId: 'M1',
          resumeState: resumeStateOf(s) ?? 'accepted',
          redistributedAt: at(),
          openToAll: true,
          alternativeDrivers: 1,
        },
      };
    case 'RideTakenOver':
      return {
        type,
        data: {
          rideId,
          driverId,
          driverName: `Driver ${driverId}`,
          driverMobile: '9000000003',
          vehicleNumber: null,
          resumeState: s.context.resumeState ?? 'accepted',
          takenOverAt: at(),
        },
      };
    case 'RideWaitAlerted':
      return { type, data: { rideId, requestedAt: s.context.requestedAt ?? at(), dueAt: at(), alertedAt: at() } };
    case 'ReassignmentOverdue':
      return {
        type,
        data: {
          rideId,
          redistribution: Math.max(1, s.context.redistributions),
          notice: s.context.reassignmentNotices + 1,
          dueAt: at(),
          nextDueAt: at(),
          notedAt: at(),
        },
      };
    case 'SpecialTaskOverran':
      return {
        type,
        data: {
          rideId,
          driverId: s.context.driverId ?? driverId,
          startedAt: s.context.startedAt ?? at(),
          durationMinutes: s.context.durationMinutes ?? 90,
          dueAt: at(),
          overranAt: at(),
        },
      };
    // Offers happen only to rides booked for offer dispatch; the table's rides are broadcast, so these are refused there.
    case 'RideOffered':
      return { type, data: { rideId, driverId, round: s.context.offerRounds + 1, offeredAt: at(), expiresAt: at() } };
    case 'RideOfferDeclined':
      return { type, data: { rideId, driverId, round: Math.max(1, s.context.offerRounds), declinedAt: at() } };
    case 'RideOfferExpired':
      return { type, data: { rideId, driverId, round: Math.max(1, s.context.offerRounds), expiredAt: at() } };
    case 'RideOpenedToAll':
      return { type, data: { rideId, reason: 'every driver passed', openedAt: at() } };
    case 'RidePriorityChanged':
      return {
        type,
        data: { rideId, priority: s.context.priority === 'urgent' ? 'normal' : 'urgent', changedBy: 'AD01', changedAt: at() },
      };
    case 'RideReleased':
      return { type, data: { rideId, releasedAt: at() } };
    case 'RideOfferWithdrawn':
      return { type, data: { rideId, driverId, round: Math.max(1, s.context.offerRounds), forRideId: 'urgent-1', withdrawnAt: at() } };
    // Staff's assignment (issue #32 item 4): taken back from the driver holding it, or given while it waits for one.
    case 'RideAssigned':
      return {
        type,
        data: {
          rideId,
          driverId,
          driverName: `Driver ${driverId}`,
          driverMobile: '9000000004',
          vehicleNumber: null,
          fromDriverId: s.hasTag('inProgress') ? s.context.driverId : null,
          assignedBy: 'AD01',
          reason: 'Closest driver',
          assignedAt: at(),
        },
      };
    case 'RideSlaMissWithdrawn':
      return {
        type,
        data: {
          rideId,
          target: 'deliver',
          dueAt: slaDueAt(s.context, 'deliver') ?? at(),
          droppedAt: s.context.droppedAt ?? at(),
          acceptMissed: s.context.acceptBreachedAt !== null,
          withdrawnAt: at(),
        },
      };
    case 'RideSlaBreached': {
      // Acceptance until the ride is accepted, delivery after; at the deadline the ride has now.
      const target = s.context.acceptedAt === null && s.context.acceptBreachedAt === null ? 'accept' : 'deliver';
      return { type, data: { rideId, target, priority: s.context.priority, dueAt: slaDueAt(s.context, target) ?? at(), breachedAt: at() } };
    }
  }
}

function run(types: readonly Step[], from = initialRideSnapshot(), driverId = 'D1'): RideSnapshot {
  return types.reduce((s, t) => {
    const e = sample(t, s, driverId);
    expect(canApply(s, e), `${t} on the way`).toBe(true);
    return evolveRide(s, e);
  }, from);
}

const toAccepted = ['RideRequested', 'RideAccepted'] as const;
const toStarted = [...toAccepted, 'RideStarted'] as const;
const toPicked = [...toStarted, 'MaterialPicked'] as const;
const toDelivered = [...toPicked, 'MaterialDropped'] as const;

type Row =
  | 'new'
  | 'scheduled'
  | 'requested'
  | 'accepted'
  | 'started'
  | 'materialPicked'
  | 'delivered'
  | 'completed'
  | 'cancelled'
  | 'waiting (resume accepted)'
  | 'waiting (resume started)'
  | 'waiting (resume materialPicked)'
  | 'waiting (resume delivered)';

/** A row is a state value, with the remembered resume point for waitingForReassignment. */
function rowOf(s: RideSnapshot): string {
  const v = s.value;
  if (typeof v !== 'string') return v.inProgress;
  if (v !== 'waitingForReassignment') return v;
  const resumed = evolveRide(s, sample('RideTakenOver', s, 'probe')).value;
  return `waiting (resume ${typeof resumed === 'string' ? resumed : resumed.inProgress})`;
}

const paths: Record<Row, readonly Step[]> = {
  new: [],
  scheduled: [SCHEDULED],
  requested: ['RideRequested'],
  accepted: toAccepted,
  started: toStarted,
  materialPicked: toPicked,
  delivered: toDelivered,
  completed: [...toDelivered, 'RideEnded'],
  cancelled: ['RideRequested', 'RideCancelled'],
  'waiting (resume accepted)': [...toAccepted, 'RideRedistributed'],
  'waiting (resume started)': [...toStarted, 'RideRedistributed'],
  'waiting (resume materialPicked)': [...toPicked, 'RideRedistributed'],
  'waiting (resume delivered)': [...toDelivered, 'RideRedistributed'],
};

const x = 'refused';
type Outcome = Row | typeof x;
const refusedAll = (): Record<RideEventType, Outcome> => ({
  RideRequested: x,
  RideAccepted: x,
  RideStarted: x,
  MaterialPicked: x,
  MaterialDropped: x,
  RideEnded: x,
  RideCancelled: x,
  RideRedistributed: x,
  RideTakenOver: x,
  RideWaitAlerted: x,
  ReassignmentOverdue: x,
  SpecialTaskOverran: x,
  RideOffered: x,
  RideOfferDeclined: x,
  RideOfferExpired: x,
  RideOpenedToAll: x,
  RidePriorityChanged: x,
  RideReleased: x,
  RideSlaBreached: x,
  RideOfferWithdrawn: x,
  RideAssigned: x,
  RideSlaMissWithdrawn: x,
});
const row = (allowed: Partial<Record<RideEventType, Row>>) => ({ ...refusedAll(), ...allowed });

const table: Record<Row, Record<RideEventType, Outcome>> = {
  new: row({ RideRequested: 'requested' }),
  scheduled: row({ RidePriorityChanged: 'scheduled', RideReleased: 'requested', RideCancelled: 'cancelled' }),
  requested: row({
    RidePriorityChanged: 'requested',
    RideAccepted: 'accepted',
    RideAssigned: 'accepted',
    RideCancelled: 'cancelled',
    RideWaitAlerted: 'requested',
    RideSlaBreached: 'requested',
  }),
  accepted: row({
    RidePriorityChanged: 'accepted',
    RideStarted: 'started',
    RideAssigned: 'accepted',
    RideRedistributed: 'waiting (resume accepted)',
    RideSlaBreached: 'accepted',
  }),
  started: row({
    RidePriorityChanged: 'started',
    MaterialPicked: 'materialPicked',
    RideAssigned: 'started',
    RideRedistributed: 'waiting (resume started)',
    SpecialTaskOverran: 'started',
    RideSlaBreached: 'started',
  }),
  materialPicked: row({
    RidePriorityChanged: 'materialPicked',
    MaterialDropped: 'delivered',
    RideRedistributed: 'waiting (resume materialPicked)',
    SpecialTaskOverran: 'materialPicked',
    RideSlaBreached: 'materialPicked',
  }),
  delivered: row({
    RidePriorityChanged: 'delivered',
    RideEnded: 'completed',
    RideRedistributed: 'waiting (resume delivered)',
    SpecialTaskOverran: 'delivered',
  }),
  completed: row({}),
  cancelled: row({}),
  'waiting (resume accepted)': row({
    RidePriorityChanged: 'waiting (resume accepted)',
    RideTakenOver: 'accepted',
    RideAssigned: 'accepted',
    RideCancelled: 'cancelled',
    ReassignmentOverdue: 'waiting (resume accepted)',
    RideSlaBreached: 'waiting (resume accepted)',
  }),
  'waiting (resume started)': row({
    RidePriorityChanged: 'waiting (resume started)',
    RideTakenOver: 'started',
    RideAssigned: 'started',
    RideCancelled: 'cancelled',
    ReassignmentOverdue: 'waiting (resume started)',
    RideSlaBreached: 'waiting (resume started)',
  }),
  'waiting (resume materialPicked)': row({
    RidePriorityChanged: 'waiting (resume materialPicked)',
    RideTakenOver: 'materialPicked',
    RideAssigned: 'materialPicked',
    RideCancelled: 'cancelled',
    ReassignmentOverdue: 'waiting (resume materialPicked)',
    RideSlaBreached: 'waiting (resume materialPicked)',
  }),
  'waiting (resume delivered)': row({
    RidePriorityChanged: 'waiting (resume delivered)',
    RideTakenOver: 'delivered',
    RideAssigned: 'delivered',
    RideCancelled: 'cancelled',
    ReassignmentOverdue: 'waiting (resume delivered)',
  }),
};

const rows = Object.keys(table) as Row[];
const pairs = rows.flatMap((from) => RIDE_EVENT_TYPES.map((type) => ({ from, type, to: table[from][type] })));

describe('ride machine transition table', () => {
  it.each(pairs)('given a ride in $from, when $type arrives, then the outcome is $to', ({ from, type, to }) => {
    const before = run(paths[from]);
    expect(rowOf(before)).toBe(from);
    const event = sample(type, before, 'D2');
    const after = evolveRide(before, event);
    // A read model keeps the snapshot as text between events (persistRide): restored, it decides the same.
    const restored = evolveRide(restoreRide(persistRide(before)), event);
    expect([restored.status, restored.value, restored.context]).toEqual([after.status, after.value, after.context]);
    expect(rowOf(restored)).toBe(rowOf(after));
    // A run of events folds through one actor (startRideFold, foldRide): it decides the same.
    const fold = startRideFold(before);
    expect(fold.apply(event)).toBe(to !== x);
    expect([fold.snapshot.status, fold.snapshot.value, fold.snapshot.context]).toEqual([after.status, after.value, after.context]);
    if (to === x) {
      expect(canApply(before, event)).toBe(false);
      expect(after).toBe(before);
      expect(after.value).toEqual(before.value);
      expect(after.context).toEqual(before.context);
    } else {
      expect(canApply(before, event)).toBe(true);
      expect(rowOf(after)).toBe(to);
    }
  });

  it('given the table, when its size is counted, then it covers every state against every event', () => {
    expect(pairs).toHaveLength(13 * 22);
    for (const r of rows) expect(Object.keys(table[r]).sort()).toEqual([...RIDE_EVENT_TYPES].sort());
    expect(Object.keys(paths).sort()).toEqual([...rows].sort());
  });

  it('given the machine definition, when its states and events are walked, then each has a row and a column', () => {
    expect([...new Set(rideMachine.root.events)].sort()).toEqual([...RIDE_EVENT_TYPES].sort());
    const leaves = getStateNodes(rideMachine).filter((n) => n.type === 'atomic' || n.type === 'final');
    const inProgressLeaves = leaves.filter((n) => n.parent?.key === 'inProgress').map((n) => n.key);
    const expectedRows = leaves.flatMap((n) =>
      n.key === 'waitingForReassignment' ? inProgressLeaves.map((k) => `waiting (resume ${k})`) : [n.key],
    );
    expect(expectedRows.sort()).toEqual([...rows].sort());
  });

  it('given every event in every reachable state, when the graph is explored, then exactly the table rows are reached', () => {
    const reached = getShortestPaths(rideMachine, {
      events: (s) => [...RIDE_EVENT_TYPES, SCHEDULED as Step].map((t) => sample(t, s)),
      serializeState: (s) => rowOf(s),
    }).map((p) => rowOf(p.state));
    expect([...new Set(reached)].sort()).toEqual([...rows].sort());
  });
});

describe('a drop tapped in time that arrives after its target was recorded missed (issue #32 item 2)', () => {
  const DELIVER_SECONDS = 1800;
  const booked = (): RideEvent => ({
    ...requested(),
    data: {
      ...requested().data,
      requestedAt: '2025-01-06T08:00:00.000Z',
      serviceTargets: {
        normal: { acceptSeconds: 300, deliverSeconds: DELIVER_SECONDS },
        urgent: { acceptSeconds: 120, deliverSeconds: 900 },
      },
    },
  });
  const dueAt = '2025-01-06T08:30:00.000Z';
  const step = (type: 'RideAccepted' | 'RideStarted' | 'MaterialPicked', s: RideSnapshot) => sample(type, s);
  const missed = (target: 'accept' | 'deliver', due: string): RideEvent => ({
    type: 'RideSlaBreached',
    data: { rideId, target, priority: 'normal', dueAt: due, breachedAt: due },
  });
  const dropped = (droppedAt: string): RideEvent => ({ type: 'MaterialDropped', data: { rideId, driverId: 'D1', droppedAt } });
  const withdrawn = (s: RideSnapshot, over: Partial<RideEventOf<'RideSlaMissWithdrawn'>['data']> = {}): RideEvent => ({
    type: 'RideSlaMissWithdrawn',
    data: {
      rideId,
      target: 'deliver',
      dueAt,
      droppedAt: s.context.droppedAt ?? '',
      acceptMissed: s.context.acceptBreachedAt !== null,
      withdrawnAt: '2025-01-06T08:31:00.000Z',
      ...over,
    },
  });
  const pickedAfterMiss = (acceptMissed = false): RideSnapshot => {
    let s = foldRide([booked()]);
    if (acceptMissed) s = evolveRide(s, missed('accept', '2025-01-06T08:05:00.000Z'));
    for (const type of ['RideAccepted', 'RideStarted', 'MaterialPicked'] as const) s = evolveRide(s, step(type, s));
    return evolveRide(s, missed('deliver', dueAt));
  };

  it('given a deliver miss recorded, when the drop tapped before the deadline arrives, then the miss is withdrawn; the accept miss stays', () => {
    for (const acceptMissed of [false, true]) {
      const delivered = evolveRide(pickedAfterMiss(acceptMissed), dropped('2025-01-06T08:29:00.000Z'));
      expect(delivered.context.deliverBreachedAt).toBe(dueAt);
      const event = withdrawn(delivered);
      expect(canApply(delivered, event)).toBe(true);
      const after = evolveRide(delivered, event);
      expect(after.context.deliverBreachedAt).toBeNull();
      expect(after.context.acceptBreachedAt !== null).toBe(acceptMissed);
      expect(canApply(after, withdrawn(after)), 'once').toBe(false);
    }
  });

  it('given a deliver miss recorded, when the drop was tapped after the deadline, or the event misstates the facts, then nothing is withdrawn', () => {
    const late = evolveRide(pickedAfterMiss(), dropped('2025-01-06T08:30:01.000Z'));
    expect(canApply(late, withdrawn(late))).toBe(false);
    const onTime = evolveRide(pickedAfterMiss(), dropped(dueAt));
    expect(canApply(onTime, withdrawn(onTime)), 'at the deadline is in time').toBe(true);
    expect(canApply(onTime, withdrawn(onTime, { droppedAt: '2025-01-06T08:10:00.000Z' }))).toBe(false);
    expect(canApply(onTime, withdrawn(onTime, { dueAt: '2025-01-06T08:40:00.000Z' }))).toBe(false);
    expect(canApply(onTime, withdrawn(onTime, { acceptMissed: true }))).toBe(false);
  });

  it('given no miss recorded, when a withdrawal arrives, then it is refused', () => {
    let s = foldRide([booked()]);
    for (const type of ['RideAccepted', 'RideStarted', 'MaterialPicked'] as const) s = evolveRide(s, step(type, s));
    const delivered = evolveRide(s, dropped('2025-01-06T08:20:00.000Z'));
    expect(canApply(delivered, withdrawn(delivered))).toBe(false);
  });
});

describe('offer dispatch (issue #20)', () => {
  const offered = (): RideEvent => ({ ...requested(), data: { ...requested().data, dispatch: 'offer', priority: 'urgent' } });
  const offer = (driverId: string, round: number): RideEvent => ({
    type: 'RideOffered',
    data: { rideId, driverId, round, offeredAt: at(), expiresAt: at() },
  });
  const accept = (driverId: string) => sample('RideAccepted', initialRideSnapshot(), driverId);
  const declined = (driverId: string, round: number): RideEvent => ({
    type: 'RideOfferDeclined',
    data: { rideId, driverId, round, declinedAt: at() },
  });
  const expired = (driverId: string, round: number): RideEvent => ({
    type: 'RideOfferExpired',
    data: { rideId, driverId, round, expiredAt: at() },
  });
  const opened: RideEvent = { type: 'RideOpenedToAll', data: { rideId, reason: 'every driver passed', openedAt: at() } };

  it('given a ride booked for offers, when it is offered to one driver, then only he may accept it', () => {
    const ride = foldRide([offered(), offer('D1', 1)]);
    expect(ride.context).toMatchObject({ priority: 'urgent', openToAll: false, offer: { driverId: 'D1', round: 1 } });
    expect(canApply(ride, accept('D2'))).toBe(false);
    expect(canApply(ride, accept('D1'))).toBe(true);
    expect(canApply(foldRide([offered()]), accept('D1'))).toBe(false);
  });

  it('given an offer, when it is declined or expires, then the next round may be offered; an answer for another driver or round, or a second offer, is refused', () => {
    const ride = foldRide([offered(), offer('D1', 1)]);
    expect(canApply(ride, offer('D2', 2))).toBe(false);
    expect(canApply(ride, declined('D2', 1))).toBe(false);
    expect(canApply(ride, expired('D1', 2))).toBe(false);
    const passed = evolveRide(ride, expired('D1', 1));
    expect(passed.context).toMatchObject({ offer: null, passedOver: ['D1'] });
    expect(canApply(passed, offer('D2', 1))).toBe(false);
    const second = evolveRide(passed, offer('D2', 2));
    expect(evolveRide(second, declined('D2', 2)).context.passedOver).toEqual(['D1', 'D2']);
  });

  it('given an offer, when it is withdrawn for an urgent ride, then the offer is gone but he did not pass on it; a withdrawal of another round is refused', () => {
    const withdrawn = (driverId: string, round: number): RideEvent => ({
      type: 'RideOfferWithdrawn',
      data: { rideId, driverId, round, forRideId: 'U1', withdrawnAt: at() },
    });
    const ride = foldRide([offered(), offer('D1', 1)]);
    expect(canApply(ride, withdrawn('D1', 2))).toBe(false);
    const after = evolveRide(ride, withdrawn('D1', 1));
    expect(after.context).toMatchObject({ offer: null, passedOver: [], offerRounds: 1 });
    expect(canApply(after, offer('D1', 2))).toBe(true);
  });

  it('given an offered ride that everyone passed, when it is opened to all, then any driver may accept it and no more offers are made', () => {
    const ride = foldRide([offered(), offer('D1', 1), declined('D1', 1), opened]);
    expect(ride.context.openToAll).toBe(true);
    expect(canApply(ride, accept('D1'))).toBe(true);
    expect(canApply(ride, offer('D2', 2))).toBe(false);
    expect(canApply(foldRide([offered(), offer('D1', 1)]), opened)).toBe(false);
    expect(canApply(foldRide([requested()]), opened)).toBe(false);
  });

  it('given an offered ride accepted by its driver, when it breaks down, then it is open to whoever the event names: all of its type, or nobody but an offer (issue #29)', () => {
    const picked = foldRide([
      offered(),
      offer('D1', 1),
      accept('D1'),
      sample('RideStarted', initialRideSnapshot()),
      sample('MaterialPicked', initialRideSnapshot()),
    ]);
    const breakdown = (openToAll: boolean): RideEvent => {
      const event = sample('RideRedistributed', picked);
      return { ...event, data: { ...event.data, openToAll } } as RideEvent;
    };
    const open = evolveRide(picked, breakdown(true));
    expect(open.context).toMatchObject({ openToAll: true, offer: null });
    expect(canApply(open, sample('RideTakenOver', open, 'D2'))).toBe(true);
    // The stale offer of the first round gives its driver nothing once the ride has moved on.
    const closed = evolveRide(picked, breakdown(false));
    expect(closed.context).toMatchObject({ openToAll: false, offer: null });
    expect(canApply(closed, sample('RideTakenOver', closed, 'D2'))).toBe(false);
    expect(canApply(closed, sample('RideTakenOver', closed, 'D1'))).toBe(false);
  });
});

describe('breakdown and take-over', () => {
  const inProgress = [
    ['accepted', toAccepted, 'accepted'],
    ['started', toStarted, 'started'],
    ['materialPicked', toPicked, 'material picked'],
    ['delivered', toDelivered, 'delivered'],
  ] as const;

  it.each(inProgress)(
    'given a %s ride that breaks down, when another driver takes over, then it resumes exactly there',
    (state, path, status) => {
      const before = run(path);
      expect(resumeStateOf(before)).toBe(status);
      const waiting = run(['RideRedistributed'], before);
      expect(rideStatusOf(waiting)).toBe('waiting_for_reassignment');
      expect(waiting.context).toMatchObject({ resumeState: status, driverId: null, originalDriverId: 'D1' });
      expect(resumeStateOf(waiting)).toBeNull();
      const resumed = run(['RideTakenOver'], waiting, 'D2');
      expect(resumed.value).toEqual({ inProgress: state });
      expect(rideStatusOf(resumed)).toBe(status);
      expect(resumed.context).toMatchObject({ resumeState: null, driverId: 'D2', driverName: 'Driver D2', originalDriverId: 'D1' });
    },
  );

  it('given a ride taken over once, when it breaks down again later, then it resumes the second recorded state and completes', () => {
    let s = run([...toAccepted, 'RideRedistributed']);
    s = run(['RideTakenOver', 'RideStarted', 'MaterialPicked'], s, 'D2');
    s = run(['RideRedistributed'], s);
    expect(s.context).toMatchObject({ resumeState: 'material picked', originalDriverId: 'D2' });
    s = run(['RideTakenOver'], s, 'D3');
    expect(s.value).toEqual({ inProgress: 'materialPicked' });
    s = run(['MaterialDropped', 'RideEnded'], s, 'D3');
    expect(rideStatusOf(s)).toBe('completed');
    expect(s.context.driverId).toBe('D3');
  });

  it('given a waiting snapshot persisted as JSON, when a client actor restores it and a take-over arrives, then it resumes the recorded state', () => {
    const waiting = run([...toPicked, 'RideRedistributed']);
    const persisted = JSON.parse(JSON.stringify(rideMachine.getPersistedSnapshot(waiting))) as typeof waiting;
    const actor = createActor(rideMachine, { snapshot: persisted }).start();
    actor.send(sample('RideTakenOver', waiting, 'D2'));
    expect(actor.getSnapshot().value).toEqual({ inProgress: 'materialPicked' });
    actor.stop();
  });
});

describe('timer events and cancelling a waiting ride', () => {
  const refuses = (s: RideSnapshot, event: RideEvent) => {
    expect(canApply(s, event)).toBe(false);
    expect(evolveRide(s, event)).toBe(s);
  };

  it('given a requested ride alerted once, when the wait alert comes again, then it is refused', () => {
    const alerted = run(['RideRequested', 'RideWaitAlerted']);
    expect(alerted.value).toBe('requested');
    expect(alerted.context.waitAlertedAt).toEqual(expect.any(String));
    refuses(alerted, sample('RideWaitAlerted', alerted));
  });

  it('given a started Regular ride, when a special task overrun arrives, then it is refused', () => {
    const regular = foldRide([
      requested('Regular'),
      sample('RideAccepted', initialRideSnapshot()),
      sample('RideStarted', initialRideSnapshot()),
    ]);
    expect(regular.value).toEqual({ inProgress: 'started' });
    refuses(regular, sample('SpecialTaskOverran', regular));
  });

  it('given a Special Task that overran once, when the overrun comes again or after a take-over, then it is refused', () => {
    let s = run([...toStarted, 'SpecialTaskOverran']);
    expect(s.context.overranAt).toEqual(expect.any(String));
    refuses(s, sample('SpecialTaskOverran', s));
    s = run(['RideRedistributed', 'RideTakenOver'], s, 'D2');
    expect(s.value).toEqual({ inProgress: 'started' });
    refuses(s, sample('SpecialTaskOverran', s));
  });

  it('given a Special Task accepted but not started, when an overrun arrives, then it is refused', () => {
    const s = run(toAccepted);
    refuses(s, sample('SpecialTaskOverran', s));
  });

  it('given a waiting ride, when notices come in order, then each is counted and a repeat or a skip is refused', () => {
    let s = run([...toStarted, 'RideRedistributed']);
    expect(s.context).toMatchObject({ redistributions: 1, reassignmentNotices: 0, nextNoticeDueAt: null });
    const first = sample('ReassignmentOverdue', s) as RideEventOf<'ReassignmentOverdue'>;
    s = evolveRide(s, first);
    expect(s.context).toMatchObject({ reassignmentNotices: 1, nextNoticeDueAt: first.data.nextDueAt });
    refuses(s, first);
    refuses(s, { ...first, data: { ...first.data, notice: 3 } });
    s = run(['ReassignmentOverdue'], s);
    expect(s.context.reassignmentNotices).toBe(2);
    expect(rowOf(s)).toBe('waiting (resume started)');
  });

  it('given a ride taken over and broken down again, when a notice of the first breakdown arrives, then it is refused and the count starts again', () => {
    let s = run([...toStarted, 'RideRedistributed', 'ReassignmentOverdue']);
    const stale = sample('ReassignmentOverdue', s) as RideEventOf<'ReassignmentOverdue'>;
    s = run(['RideTakenOver'], s, 'D2');
    s = run(['RideRedistributed'], s);
    expect(s.context).toMatchObject({ redistributions: 2, reassignmentNotices: 0, originalDriverId: 'D2' });
    refuses(s, stale);
    refuses(s, { ...stale, data: { ...stale.data, notice: 1 } });
    expect(canApply(s, sample('ReassignmentOverdue', s))).toBe(true);
  });

  it('given a ride waiting for reassignment, when its requester cancels, then it is cancelled and stays without a driver', () => {
    const s = run([...toPicked, 'RideRedistributed', 'RideCancelled']);
    expect(rideStatusOf(s)).toBe('cancelled');
    expect(s.context).toMatchObject({ driverId: null, originalDriverId: 'D1', cancelledAt: expect.any(String) });
    for (const type of RIDE_EVENT_TYPES) refuses(s, sample(type, s));
  });
});

describe('ride lifecycle', () => {
  it.each(['Regular', 'Special Task'] as const)(
    'given a %s ride, when every step happens, then it completes with all timestamps',
    (rideType) => {
      const first = requested(rideType);
      const s = foldRide([
        first,
        ...['RideAccepted', 'RideStarted', 'MaterialPicked', 'MaterialDropped', 'RideEnded'].map((t) =>
          sample(t as RideEventType, initialRideSnapshot()),
        ),
      ]);
      expect(rideStatusOf(s)).toBe('completed');
      expect(s.status).toBe('done');
      expect(s.context).toMatchObject({
        rideId,
        requesterId: 'T100',
        vehicleType: 'Forklift',
        rideType,
        fromLocation: 'main gate',
        toLocation: 'canteen',
        estimatedMinutes: 11,
        durationMinutes: rideType === 'Special Task' ? 90 : null,
        driverId: 'D1',
        driverName: 'Driver D1',
        originalDriverId: null,
        resumeState: null,
        requestedAt: first.data.requestedAt,
        cancelledAt: null,
      });
      const stamps = [
        s.context.requestedAt,
        s.context.acceptedAt,
        s.context.startedAt,
        s.context.pickedAt,
        s.context.droppedAt,
        s.context.endedAt,
      ];
      expect(stamps.every((t) => typeof t === 'string')).toBe(true);
      expect([...stamps].sort()).toEqual(stamps);
    },
  );

  it('given a requested ride, when it is cancelled, then it is cancelled with the time recorded', () => {
    const s = run(['RideRequested', 'RideCancelled']);
    expect(rideStatusOf(s)).toBe('cancelled');
    expect(s.context.cancelledAt).toEqual(expect.any(String));
    expect(s.context.driverId).toBeNull();
  });

  it('given no events, when the ride is folded, then it is new with no status', () => {
    const s = foldRide([]);
    expect(s.value).toBe('new');
    expect(rideStatusOf(s)).toBeNull();
    expect(resumeStateOf(s)).toBeNull();
    const [own] = initialTransition(rideMachine);
    expect([s.status, s.value, s.context]).toEqual([own.status, own.value, own.context]);
  });

  const statuses: Record<Row, RideStatus | null> = {
    new: null,
    scheduled: 'scheduled',
    requested: 'requested',
    accepted: 'accepted',
    started: 'started',
    materialPicked: 'material picked',
    delivered: 'delivered',
    completed: 'completed',
    cancelled: 'cancelled',
    'waiting (resume accepted)': 'waiting_for_reassignment',
    'waiting (resume started)': 'waiting_for_reassignment',
    'waiting (resume materialPicked)': 'waiting_for_reassignment',
    'waiting (resume delivered)': 'waiting_for_reassignment',
  };
  it.each(rows)('given a ride in %s, when its status is read, then it is the spec status', (r) => {
    const s = run(paths[r]);
    expect(rideStatusOf(s)).toBe(statuses[r]);
    const inProgress: ResumeState[] = ['accepted', 'started', 'material picked', 'delivered'];
    const status = statuses[r];
    expect(resumeStateOf(s)).toBe(status && (inProgress as string[]).includes(status) ? status : null);
  });
});

describe('tracker steps (SPEC §4)', () => {
  const steps: Array<[string | null, number, number]> = [
    ['requested', 1, 1],
    ['accepted', 2, 2],
    ['started', 3, 2],
    ['material picked', 4, 3],
    ['delivered', 5, 4],
    ['completed', 6, 5],
    ['cancelled', 0, 0],
    ['waiting_for_reassignment', 0, 0],
    ['redistributed_due_to_maintenance', 0, 0],
    ['toString', 0, 0],
    ['', 0, 0],
    [null, 0, 0],
  ];
  it.each(steps)('given status %s, when the trackers are drawn, then the six-step shows %i and the four-step %i', (status, six, four) => {
    expect(bookingTrackerStep(status)).toBe(six);
    expect(dashboardTrackerStep(status)).toBe(four);
  });
});
