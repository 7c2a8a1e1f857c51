import { assign, createActor, initialTransition, setup, transition } from 'xstate';
import type { HistoryValue, SnapshotFrom, StateValue } from 'xstate';

import type { RideType } from './constants';
import { DEFAULT_DISPATCH_SETTINGS, type RidePriority, type ServiceTargets, type SlaTarget } from './dispatch';
import type { RideEvent, RideEventType } from './events/ride.events';

export type RideEventOf<T extends RideEventType> = Extract<RideEvent, { type: T }>;

export interface RideContext {
  rideId: string;
  requesterId: string;
  requesterName: string;
  requesterMobile: string;
  vehicleType: string;
  rideType: RideType;
  fromLocation: string;
  toLocation: string;
  estimatedMinutes: number;
  durationMinutes: number | null;
  driverId: string | null;
  driverName: string | null;
  driverMobile: string | null;
  vehicleNumber: string | null;
  originalDriverId: string | null;
  resumeState: ResumeState | null;
  requestedAt: string | null;
  acceptedAt: string | null;
  /** When the driver holding it now took it over after a breakdown (a step of his cannot be timed before). */
  takenOverAt: string | null;
  startedAt: string | null;
  pickedAt: string | null;
  droppedAt: string | null;
  endedAt: string | null;
  cancelledAt: string | null;
  /** Breakdowns so far; timer notices name the one they belong to. */
  redistributions: number;
  redistributedAt: string | null;
  /** `noAlternativeDriver` notices sent since the last breakdown, and when the next one is due. */
  reassignmentNotices: number;
  nextNoticeDueAt: string | null;
  waitAlertedAt: string | null;
  overranAt: string | null;
  /** 'urgent' rides go first (issue #20). */
  priority: RidePriority;
  /**
   * Offer dispatch (issue #20): whether every driver of the type may take the ride (broadcast, or an
   * offered ride that fell back), the offer standing now, its round, and who has passed on it.
   */
  openToAll: boolean;
  offer: { driverId: string; round: number; expiresAt: string } | null;
  offerRounds: number;
  passedOver: string[];
  /** A ride booked for later (issue #20): when it is wanted, when it goes to dispatch, and when it went. */
  scheduledFor: string | null;
  releaseAt: string | null;
  releasedAt: string | null;
  /** Since when the ride has waited for a driver: its booking, or its release when booked for later. */
  waitingSince: string | null;
  /** The service targets it was booked under, and when it missed each (issue #20). */
  serviceTargets: ServiceTargets;
  acceptBreachedAt: string | null;
  deliverBreachedAt: string | null;
}

// Only `new` (no RideRequested yet) ever shows these placeholders.
const emptyContext: RideContext = {
  rideId: '',
  requesterId: '',
  requesterName: '',
  requesterMobile: '',
  vehicleType: '',
  rideType: 'Regular',
  fromLocation: '',
  toLocation: '',
  estimatedMinutes: 0,
  durationMinutes: null,
  driverId: null,
  driverName: null,
  driverMobile: null,
  vehicleNumber: null,
  originalDriverId: null,
  resumeState: null,
  requestedAt: null,
  acceptedAt: null,
  takenOverAt: null,
  startedAt: null,
  pickedAt: null,
  droppedAt: null,
  endedAt: null,
  cancelledAt: null,
  redistributions: 0,
  redistributedAt: null,
  reassignmentNotices: 0,
  nextNoticeDueAt: null,
  waitAlertedAt: null,
  overranAt: null,
  priority: 'normal',
  openToAll: true,
  offer: null,
  offerRounds: 0,
  passedOver: [],
  scheduledFor: null,
  releaseAt: null,
  releasedAt: null,
  waitingSince: null,
  serviceTargets: DEFAULT_DISPATCH_SETTINGS.serviceTargets,
  acceptBreachedAt: null,
  deliverBreachedAt: null,
};

/**
 * When the ride misses `target` at its priority as it stands: counted from when it went to dispatch
 * (null before). The one rule the statechart's guard and the timers both follow.
 */
export function slaDueAt(context: RideContext, target: SlaTarget): string | null {
  if (context.waitingSince === null) return null;
  const { acceptSeconds, deliverSeconds } = context.serviceTargets[context.priority];
  return new Date(Date.parse(context.waitingSince) + (target === 'accept' ? acceptSeconds : deliverSeconds) * 1000).toISOString();
}

type Data<T extends RideEventType> = RideEventOf<T>['data'];

export const rideMachine = setup({
  types: {
    context: {} as RideContext,
    events: {} as RideEvent,
    /**
     * What a state means to the views (issue #29), so no package keeps its own list of statuses:
     * 'awaitingDriver', a driver may take it now; 'pending', no driver carries it (yet, or again);
     * 'inProgress', a driver carries it out. Open (not final) and cancellable are read from the states' type and transitions.
     */
    tags: {} as 'awaitingDriver' | 'pending' | 'inProgress',
  },
  actions: {
    recordRequest: assign((_, d: Data<'RideRequested'>) => ({
      rideId: d.rideId,
      requesterId: d.requesterId,
      requesterName: d.requesterName,
      requesterMobile: d.requesterMobile,
      vehicleType: d.vehicleType,
      rideType: d.rideType,
      fromLocation: d.fromLocation,
      toLocation: d.toLocation,
      estimatedMinutes: d.estimatedMinutes,
      durationMinutes: d.durationMinutes,
      requestedAt: d.requestedAt,
      priority: d.priority ?? 'normal',
      openToAll: d.dispatch !== 'offer',
      scheduledFor: d.scheduledFor ?? null,
      releaseAt: d.releaseAt ?? null,
      waitingSince: d.scheduledFor ? null : d.requestedAt,
      serviceTargets: d.serviceTargets ?? DEFAULT_DISPATCH_SETTINGS.serviceTargets,
    })),
    recordRelease: assign((_, d: Data<'RideReleased'>) => ({
      releasedAt: d.releasedAt,
      waitingSince: d.releasedAt,
      openToAll: d.dispatch !== 'offer',
    })),
    recordBreach: assign((_, d: Data<'RideSlaBreached'>) =>
      d.target === 'accept' ? { acceptBreachedAt: d.breachedAt } : { deliverBreachedAt: d.breachedAt },
    ),
    recordOffer: assign((_, d: Data<'RideOffered'>) => ({
      offer: { driverId: d.driverId, round: d.round, expiresAt: d.expiresAt },
      offerRounds: d.round,
    })),
    recordPass: assign(({ context }, d: { driverId: string }) => ({ offer: null, passedOver: [...context.passedOver, d.driverId] })),
    // Taken back for an urgent ride: he did not pass on it, and may be offered it again.
    recordWithdrawal: assign(() => ({ offer: null })),
    recordOpening: assign(() => ({ openToAll: true, offer: null })),
    recordPriority: assign((_, d: Data<'RidePriorityChanged'>) => ({ priority: d.priority })),
    recordAcceptance: assign((_, d: Data<'RideAccepted'>) => ({
      driverId: d.driverId,
      driverName: d.driverName,
      driverMobile: d.driverMobile,
      vehicleNumber: d.vehicleNumber,
      acceptedAt: d.acceptedAt,
    })),
    recordStart: assign((_, d: Data<'RideStarted'>) => ({ startedAt: d.startedAt })),
    withdrawDeliverMiss: assign(() => ({ deliverBreachedAt: null })),
    recordPick: assign((_, d: Data<'MaterialPicked'>) => ({ pickedAt: d.pickedAt })),
    recordDrop: assign((_, d: Data<'MaterialDropped'>) => ({ droppedAt: d.droppedAt })),
    recordEnd: assign((_, d: Data<'RideEnded'>) => ({ endedAt: d.endedAt })),
    recordCancel: assign((_, d: Data<'RideCancelled'>) => ({ cancelledAt: d.cancelledAt })),
    recordBreakdown: assign(({ context }, d: Data<'RideRedistributed'>) => ({
      originalDriverId: d.originalDriverId,
      resumeState: d.resumeState,
      driverId: null,
      driverName: null,
      driverMobile: null,
      vehicleNumber: null,
      redistributions: context.redistributions + 1,
      redistributedAt: d.redistributedAt,
      reassignmentNotices: 0,
      nextNoticeDueAt: null,
      // Who may take it over is what the engine decided and the event says (issue #29).
      openToAll: d.openToAll,
      offer: null,
    })),
    recordTakeOver: assign((_, d: Data<'RideTakenOver'>) => ({
      driverId: d.driverId,
      driverName: d.driverName,
      driverMobile: d.driverMobile,
      vehicleNumber: d.vehicleNumber,
      resumeState: null,
      takenOverAt: d.takenOverAt,
    })),
    // Staff gave it to a driver (issue #32 item 4): its first driver is its acceptance; any later one a take-over.
    recordAssignment: assign(({ context }, d: Data<'RideAssigned'>) => ({
      driverId: d.driverId,
      driverName: d.driverName,
      driverMobile: d.driverMobile,
      vehicleNumber: d.vehicleNumber,
      acceptedAt: context.acceptedAt ?? d.assignedAt,
      takenOverAt: context.acceptedAt === null ? context.takenOverAt : d.assignedAt,
      resumeState: null,
      offer: null,
    })),
    recordWaitAlert: assign((_, d: Data<'RideWaitAlerted'>) => ({ waitAlertedAt: d.alertedAt })),
    recordNotice: assign((_, d: Data<'ReassignmentOverdue'>) => ({ reassignmentNotices: d.notice, nextNoticeDueAt: d.nextDueAt })),
    recordOverrun: assign((_, d: Data<'SpecialTaskOverran'>) => ({ overranAt: d.overranAt })),
  },
  // Timer events are facts about deadlines; a timer that fires late, twice, or for an earlier breakdown is refused here.
  guards: {
    // Accepting and taking over alike: only the driver it is offered to may take an offered ride, until it is open to all.
    mayTake: ({ context, event }) =>
      (event.type === 'RideAccepted' || event.type === 'RideTakenOver') &&
      (context.openToAll || context.offer?.driverId === event.data.driverId),
    // Staff assign a waiting ride once any offer standing is withdrawn (in the same append).
    assignsWaiting: ({ context, event }) => event.type === 'RideAssigned' && event.data.fromDriverId === null && context.offer === null,
    // Staff take the ride back from the driver holding it and give it to another.
    takesBack: ({ context, event }) =>
      event.type === 'RideAssigned' &&
      event.data.fromDriverId !== null &&
      event.data.fromDriverId === context.driverId &&
      event.data.driverId !== context.driverId,
    mayOffer: ({ context, event }) =>
      event.type === 'RideOffered' && !context.openToAll && context.offer === null && event.data.round === context.offerRounds + 1,
    answersOffer: ({ context, event }) =>
      (event.type === 'RideOfferDeclined' || event.type === 'RideOfferExpired' || event.type === 'RideOfferWithdrawn') &&
      context.offer?.driverId === event.data.driverId &&
      context.offer.round === event.data.round,
    mayOpen: ({ context }) => !context.openToAll && context.offer === null,
    otherPriority: ({ context, event }) => event.type === 'RidePriorityChanged' && event.data.priority !== context.priority,
    isScheduled: ({ event }) => event.type === 'RideRequested' && event.data.scheduledFor !== undefined,
    // A target is missed once, at the priority and deadline the ride has now; delivery until the drop.
    targetMissed: ({ context, event }) =>
      event.type === 'RideSlaBreached' &&
      event.data.priority === context.priority &&
      event.data.dueAt === slaDueAt(context, event.data.target) &&
      (event.data.target === 'accept'
        ? context.acceptBreachedAt === null && context.acceptedAt === null
        : context.deliverBreachedAt === null && context.droppedAt === null),
    // Issue #32 item 2: a drop tapped by the delivery deadline that arrived after the timer recorded the
    // miss takes the miss back (the drop's time is the tap's: step-clock.ts). The one rule on it.
    dropMetTarget: ({ context, event }) =>
      event.type === 'RideSlaMissWithdrawn' &&
      context.deliverBreachedAt !== null &&
      context.droppedAt !== null &&
      event.data.droppedAt === context.droppedAt &&
      event.data.dueAt === slaDueAt(context, 'deliver') &&
      Date.parse(context.droppedAt) <= Date.parse(event.data.dueAt) &&
      event.data.acceptMissed === (context.acceptBreachedAt !== null),
    notAlertedYet: ({ context }) => context.waitAlertedAt === null,
    isNextNotice: ({ context, event }) =>
      event.type === 'ReassignmentOverdue' &&
      event.data.redistribution === context.redistributions &&
      event.data.notice === context.reassignmentNotices + 1,
    specialTaskRunning: ({ context }) =>
      context.rideType === 'Special Task' && context.durationMinutes !== null && context.startedAt !== null && context.overranAt === null,
  },
}).createMachine({
  id: 'ride',
  initial: 'new',
  context: emptyContext,
  states: {
    new: {
      on: {
        RideRequested: [
          {
            guard: 'isScheduled',
            target: 'scheduled',
            actions: { type: 'recordRequest', params: ({ event }) => event.data },
          },
          {
            target: 'requested',
            actions: { type: 'recordRequest', params: ({ event }) => event.data },
          },
        ],
      },
    },
    // Booked for later (issue #20): no driver sees it until a timer releases it.
    scheduled: {
      tags: ['pending'],
      on: {
        RideReleased: {
          target: 'requested',
          actions: { type: 'recordRelease', params: ({ event }) => event.data },
        },
        RideCancelled: {
          target: 'cancelled',
          actions: { type: 'recordCancel', params: ({ event }) => event.data },
        },
        RidePriorityChanged: {
          guard: 'otherPriority',
          actions: { type: 'recordPriority', params: ({ event }) => event.data },
        },
      },
    },
    requested: {
      tags: ['pending', 'awaitingDriver'],
      on: {
        RideAccepted: {
          guard: 'mayTake',
          target: 'inProgress.accepted',
          actions: { type: 'recordAcceptance', params: ({ event }) => event.data },
        },
        RideAssigned: {
          guard: 'assignsWaiting',
          target: 'inProgress.accepted',
          actions: { type: 'recordAssignment', params: ({ event }) => event.data },
        },
        RideOffered: {
          guard: 'mayOffer',
          actions: { type: 'recordOffer', params: ({ event }) => event.data },
        },
        RideOfferDeclined: {
          guard: 'answersOffer',
          actions: { type: 'recordPass', params: ({ event }) => event.data },
        },
        RideOfferExpired: {
          guard: 'answersOffer',
          actions: { type: 'recordPass', params: ({ event }) => event.data },
        },
        RideOfferWithdrawn: {
          guard: 'answersOffer',
          actions: { type: 'recordWithdrawal' },
        },
        RideOpenedToAll: {
          guard: 'mayOpen',
          actions: { type: 'recordOpening' },
        },
        RidePriorityChanged: {
          guard: 'otherPriority',
          actions: { type: 'recordPriority', params: ({ event }) => event.data },
        },
        RideSlaBreached: {
          guard: 'targetMissed',
          actions: { type: 'recordBreach', params: ({ event }) => event.data },
        },
        RideCancelled: {
          target: 'cancelled',
          actions: { type: 'recordCancel', params: ({ event }) => event.data },
        },
        RideWaitAlerted: {
          guard: 'notAlertedYet',
          actions: { type: 'recordWaitAlert', params: ({ event }) => event.data },
        },
      },
    },
    inProgress: {
      tags: ['inProgress'],
      initial: 'accepted',
      on: {
        RideRedistributed: {
          target: 'waitingForReassignment',
          actions: { type: 'recordBreakdown', params: ({ event }) => event.data },
        },
        // Targetless: the ride stays in whichever step it is.
        SpecialTaskOverran: {
          guard: 'specialTaskRunning',
          actions: { type: 'recordOverrun', params: ({ event }) => event.data },
        },
        RidePriorityChanged: {
          guard: 'otherPriority',
          actions: { type: 'recordPriority', params: ({ event }) => event.data },
        },
        RideSlaBreached: {
          guard: 'targetMissed',
          actions: { type: 'recordBreach', params: ({ event }) => event.data },
        },
      },
      states: {
        // The machine, not the event, decides where a take-over resumes.
        hist: { type: 'history', history: 'shallow' },
        // Taken back and given to another driver only before the material is on his vehicle (issue #32 item 4):
        // after that, moving it is a breakdown's hand-over, not a staff decision. The ride stays where it stands.
        accepted: {
          on: {
            RideAssigned: {
              guard: 'takesBack',
              actions: { type: 'recordAssignment', params: ({ event }) => event.data },
            },
            RideStarted: {
              target: 'started',
              actions: { type: 'recordStart', params: ({ event }) => event.data },
            },
          },
        },
        started: {
          on: {
            RideAssigned: {
              guard: 'takesBack',
              actions: { type: 'recordAssignment', params: ({ event }) => event.data },
            },
            MaterialPicked: {
              target: 'materialPicked',
              actions: { type: 'recordPick', params: ({ event }) => event.data },
            },
          },
        },
        materialPicked: {
          on: {
            MaterialDropped: {
              target: 'delivered',
              actions: { type: 'recordDrop', params: ({ event }) => event.data },
            },
          },
        },
        delivered: {
          on: {
            RideSlaMissWithdrawn: {
              guard: 'dropMetTarget',
              actions: { type: 'withdrawDeliverMiss' },
            },
            RideEnded: {
              target: '#ride.completed',
              actions: { type: 'recordEnd', params: ({ event }) => event.data },
            },
          },
        },
      },
    },
    waitingForReassignment: {
      tags: ['pending', 'awaitingDriver'],
      on: {
        RideTakenOver: {
          guard: 'mayTake',
          target: 'inProgress.hist',
          actions: { type: 'recordTakeOver', params: ({ event }) => event.data },
        },
        RideAssigned: {
          guard: 'assignsWaiting',
          target: 'inProgress.hist',
          actions: { type: 'recordAssignment', params: ({ event }) => event.data },
        },
        // The spec's toast says 'Please cancel or wait.', so the requester may give up on a ride nobody takes over.
        RideCancelled: {
          target: 'cancelled',
          actions: { type: 'recordCancel', params: ({ event }) => event.data },
        },
        ReassignmentOverdue: {
          guard: 'isNextNotice',
          actions: { type: 'recordNotice', params: ({ event }) => event.data },
        },
        RidePriorityChanged: {
          guard: 'otherPriority',
          actions: { type: 'recordPriority', params: ({ event }) => event.data },
        },
        RideSlaBreached: {
          guard: 'targetMissed',
          actions: { type: 'recordBreach', params: ({ event }) => event.data },
        },
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type RideSnapshot = SnapshotFrom<typeof rideMachine>;

type LeafOf<V> = V extends string ? V : { [K in keyof V]: LeafOf<V[K]> }[keyof V];
type LeafKeyOf<V> = V extends string ? never : { [K in keyof V]: V[K] extends string ? K : LeafKeyOf<V[K]> }[keyof V];
/** A state a ride rests in: one of the machine's atomic or final states. */
export type RideStateKey = LeafOf<RideSnapshot['value']>;

/**
 * Each state, nested as in the machine, as the spec's screens and server rows spell a ride's status
 * ('new', before the booking, has none). Spelling only: which statuses belong to which list is read
 * from the states themselves (their tags, type and transitions) in ride-status.ts.
 */
export const RIDE_STATUS_OF_STATE = {
  scheduled: 'scheduled',
  requested: 'requested',
  inProgress: {
    accepted: 'accepted',
    started: 'started',
    materialPicked: 'material picked',
    delivered: 'delivered',
  },
  waitingForReassignment: 'waiting_for_reassignment',
  completed: 'completed',
  cancelled: 'cancelled',
} as const;
type Spelled = typeof RIDE_STATUS_OF_STATE;
/** A state in which a driver carries the ride out. */
export type RideInProgressKey = keyof Spelled['inProgress'];
/** A status the ride lifecycle produces (the spec's history-only label is not one of them). */
export type RideLifecycleStatus = LeafOf<Spelled>;
/** A status in which a driver carries the ride out; a redistributed ride resumes from the one it broke down in. */
export type ResumeState = Spelled['inProgress'][RideInProgressKey];

// The spelling names exactly the states the machine has (the types do not depend on each other the
// other way round: the events' schemas read ResumeState, and the machine reads the events).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyStateSpelled: Same<LeafKeyOf<Spelled>, Exclude<RideStateKey, 'new'>> = true;
void everyStateSpelled;

const statusOfKey = new Map<string, RideLifecycleStatus>();
const spell = (spelled: object) => {
  for (const [key, value] of Object.entries(spelled)) {
    if (typeof value === 'string') statusOfKey.set(key, value as RideLifecycleStatus);
    else spell(value as object);
  }
};
spell(RIDE_STATUS_OF_STATE);

// xstate's public API only. transition() is pure, and makes an inert actor of its own per call: about
// twice the time per event of the shared actor scope the fold used before issue #29. A run of events
// goes through one actor instead (createActor from the snapshot, send), which costs about what that scope did.
const initialSnapshot = initialTransition(rideMachine)[0];

export function initialRideSnapshot(): RideSnapshot {
  return initialSnapshot;
}

/** An event the machine refuses leaves the snapshot as it was; deciders must check `canApply` first. */
export function evolveRide(snapshot: RideSnapshot, event: RideEvent): RideSnapshot {
  return transition(rideMachine, snapshot, event)[0];
}

/** A ride's fold, fed one event at a time: one actor of the machine for the whole run. */
export interface RideFold {
  readonly snapshot: RideSnapshot;
  /** Folds the event in if the statechart takes it; false, and nothing changes, if it refuses it (or the ride is over). */
  apply(event: RideEvent): boolean;
}

export function startRideFold(from: RideSnapshot = initialSnapshot): RideFold {
  const actor = createActor(rideMachine, { snapshot: from }).start();
  return {
    get snapshot() {
      return actor.getSnapshot();
    },
    apply(event) {
      const before = actor.getSnapshot();
      // A final snapshot's actor has stopped: it would only warn about the event.
      if (before.status !== 'active' || !before.can(event)) return false;
      actor.send(event);
      return true;
    },
  };
}

export function foldRide(events: readonly RideEvent[]): RideSnapshot {
  if (events.length < 2) return events.reduce(evolveRide, initialSnapshot);
  const fold = startRideFold();
  for (const event of events) fold.apply(event);
  return fold.snapshot;
}

export function canApply(snapshot: RideSnapshot, event: RideEvent): boolean {
  return snapshot.can(event);
}

/** The state a ride rests in: the innermost key of its state value. */
export function rideStateKeyOf(snapshot: RideSnapshot): RideStateKey {
  let value: StateValue = snapshot.value;
  while (typeof value !== 'string') value = Object.values(value)[0] as StateValue;
  return value as RideStateKey;
}

/** The status a state is spelled as (null for 'new'). */
export function statusOfState(key: string): RideLifecycleStatus | null {
  return statusOfKey.get(key) ?? null;
}

export function rideStatusOf(snapshot: RideSnapshot): RideLifecycleStatus | null {
  return statusOfState(rideStateKeyOf(snapshot));
}

export function resumeStateOf(snapshot: RideSnapshot): ResumeState | null {
  return snapshot.hasTag('inProgress') ? (rideStatusOf(snapshot) as ResumeState) : null;
}

interface PersistedRide {
  value: StateValue;
  context: RideContext;
  historyValue?: Record<string, { id: string }[]>;
}

/** A snapshot as JSON text: xstate's persisted form (state, context, and where a take-over resumes). */
export function persistRide(snapshot: RideSnapshot): string {
  return JSON.stringify(rideMachine.getPersistedSnapshot(snapshot));
}

/** The snapshot {@link persistRide} wrote, to go on folding from. */
export function restoreRide(text: string): RideSnapshot {
  const { value, context, historyValue = {} } = JSON.parse(text) as PersistedRide;
  const history: HistoryValue<RideContext, RideEvent> = {};
  for (const [id, nodes] of Object.entries(historyValue)) history[id] = nodes.map((node) => rideMachine.getStateNodeById(node.id));
  return rideMachine.resolveState({ value, context, historyValue: history });
}
