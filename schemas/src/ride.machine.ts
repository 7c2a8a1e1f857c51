import { assign, createActor, setup } from 'xstate';
import type { AnyActorScope, SnapshotFrom } from 'xstate';

import type { ResumeState, RideStatus as SpecRideStatus, RideType } from './constants';
import { DEFAULT_DISPATCH_SETTINGS, type RidePriority, type ServiceTargets, type SlaTarget } from './dispatch';
import type { RideEvent, RideEventType } from './events/ride.events';

export type RideEventOf<T extends RideEventType> = Extract<RideEvent, { type: T }>;
/** The statuses the ride lifecycle itself produces (the spec's history-only label is not one of them). */
export type RideLifecycleStatus = Exclude<SpecRideStatus, 'redistributed_due_to_maintenance'>;

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
      on: {
        RideAccepted: {
          guard: 'mayTake',
          target: 'inProgress.accepted',
          actions: { type: 'recordAcceptance', params: ({ event }) => event.data },
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
        accepted: {
          on: {
            RideStarted: {
              target: 'started',
              actions: { type: 'recordStart', params: ({ event }) => event.data },
            },
          },
        },
        started: {
          on: {
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
            RideEnded: {
              target: '#ride.completed',
              actions: { type: 'recordEnd', params: ({ event }) => event.data },
            },
          },
        },
      },
    },
    waitingForReassignment: {
      on: {
        RideTakenOver: {
          guard: 'mayTake',
          target: 'inProgress.hist',
          actions: { type: 'recordTakeOver', params: ({ event }) => event.data },
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

/**
 * The one actor scope every fold runs in. xstate's `transition()` makes a new actor per call, and that
 * actor's constructor works out the machine's initial snapshot too: per event, twice the time and a
 * heap of objects that the caches holding ride states keep long enough to reach the old generation
 * (issue #18: nearly a quarter of what reached the engine's old generation on a shift). Every action
 * of this machine is an `assign`, which the transition applies itself; nothing else runs in the
 * scope, so nothing stays in it.
 */
const foldScope: AnyActorScope = (() => {
  const self = createActor(rideMachine);
  const ignore = () => {};
  return {
    self,
    id: '',
    sessionId: '',
    system: self.system,
    logger: ignore,
    defer: ignore,
    emit: ignore,
    stopChild: ignore,
    actionExecutor: ignore,
  };
})();

export function initialRideSnapshot(): RideSnapshot {
  return rideMachine.getInitialSnapshot(foldScope);
}

/** An event the machine refuses leaves the snapshot as it was; deciders must check `canApply` first. */
export function evolveRide(snapshot: RideSnapshot, event: RideEvent): RideSnapshot {
  return rideMachine.transition(snapshot, event, foldScope);
}

export function foldRide(events: readonly RideEvent[]): RideSnapshot {
  return events.reduce(evolveRide, initialRideSnapshot());
}

export function canApply(snapshot: RideSnapshot, event: RideEvent): boolean {
  return snapshot.can(event);
}

const inProgressStatus = {
  accepted: 'accepted',
  started: 'started',
  materialPicked: 'material picked',
  delivered: 'delivered',
} as const satisfies Record<string, ResumeState>;

export function resumeStateOf(snapshot: RideSnapshot): ResumeState | null {
  const value = snapshot.value;
  if (typeof value === 'string' || !('inProgress' in value)) return null;
  return inProgressStatus[value.inProgress];
}

export function rideStatusOf(snapshot: RideSnapshot): RideLifecycleStatus | null {
  const value = snapshot.value;
  if (typeof value !== 'string') return resumeStateOf(snapshot);
  switch (value) {
    case 'new':
      return null;
    case 'waitingForReassignment':
      return 'waiting_for_reassignment';
    default:
      return value;
  }
}

const bookingSteps: Readonly<Record<string, number>> = {
  requested: 1,
  accepted: 2,
  started: 3,
  'material picked': 4,
  delivered: 5,
  completed: 6,
};
const dashboardSteps: Readonly<Record<string, number>> = {
  requested: 1,
  accepted: 2,
  started: 2,
  'material picked': 3,
  delivered: 4,
  completed: 5,
};

function stepOf(steps: Readonly<Record<string, number>>, status: string | null | undefined): number {
  return status != null && Object.hasOwn(steps, status) ? (steps[status] ?? 0) : 0;
}

/** Six-step tracker of the Fixed Ride and Special Task screens (SPEC §4). */
export function bookingTrackerStep(status: string | null | undefined): number {
  return stepOf(bookingSteps, status);
}

/** Four-step tracker of the requester dashboard (SPEC §4). */
export function dashboardTrackerStep(status: string | null | undefined): number {
  return stepOf(dashboardSteps, status);
}
