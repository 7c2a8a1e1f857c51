import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  RIDE_EVENT_TYPES,
  RIDE_LIFECYCLE_STATUSES,
  evolveRide,
  foldRide,
  initialRideSnapshot,
  persistRide,
  resumeStateOf,
  rideStatusOf,
  rideStreamId,
  slaDueAt,
  type RideEvent,
  type RideEventType,
  type RideSnapshot,
} from '@plantride/schemas';
import { at } from '../../../engine/src/test-support/event-builder';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { rideEvents as e } from '../../../engine/src/test-support/ride-events';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { ridesProjection } from './rides.projection';
import { backfillRideStates } from './ride-fold';
import { reportsProjection } from '../reports/reports.projection';

type StreamEvent = RideEvent & { streamId: string };
const DRIVERS = ['FL01', 'FL02', 'FL03'] as const;

/**
 * One event of `type` for the ride as its events so far fold (`s`): data the statechart would take
 * where there is any (the driver it is offered to, the next round, the deadline it has now), from
 * `driverId` where a driver is the choice. Whether the statechart takes it is the property's business.
 */
function eventOf(
  type: RideEventType | 'Scheduled',
  s: RideSnapshot,
  rideId: string,
  driverId: string,
  minute: number,
  offer: boolean,
): StreamEvent {
  const when = at(minute);
  const holder = s.context.driverId ?? driverId;
  const offered = s.context.offer?.driverId ?? driverId;
  const round = s.context.offer?.round ?? Math.max(1, s.context.offerRounds);
  const data = ((): RideEvent => {
    switch (type) {
      case 'Scheduled':
      case 'RideRequested':
        return {
          type: 'RideRequested',
          data: {
            rideId,
            requesterId: 'RQ01',
            requesterName: 'Requester RQ01',
            requesterMobile: '9000000001',
            fromLocation: 'main gate',
            toLocation: 'canteen',
            vehicleType: 'Forklift',
            rideType: 'Special Task',
            estimatedMinutes: 11,
            durationMinutes: 30,
            requestedAt: when,
            ...(offer ? { dispatch: 'offer' as const } : {}),
            ...(type === 'Scheduled' ? { scheduledFor: at(minute + 120), releaseAt: at(minute + 105) } : {}),
          },
        };
      case 'RideAccepted':
        return {
          type,
          data: { rideId, driverId, driverName: `Driver ${driverId}`, driverMobile: '9876543210', vehicleNumber: null, acceptedAt: when },
        };
      case 'RideStarted':
        return { type, data: { rideId, driverId: holder, startedAt: when } };
      case 'MaterialPicked':
        return { type, data: { rideId, driverId: holder, pickedAt: when } };
      case 'MaterialDropped':
        return { type, data: { rideId, driverId: holder, droppedAt: when } };
      case 'RideEnded':
        return { type, data: { rideId, driverId: holder, endedAt: when } };
      case 'RideCancelled':
        return { type, data: { rideId, cancelledBy: 'RQ01', cancelledAt: when } };
      case 'RideRedistributed':
        // Stored at version 1 by the spec, which the store lifts to open to all.
        return {
          type,
          data: {
            rideId,
            originalDriverId: holder,
            originalDriverName: `Driver ${holder}`,
            maintenanceComment: 'hydraulics',
            maintenanceRequestId: null,
            resumeState: resumeStateOf(s) ?? 'accepted',
            redistributedAt: when,
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
            driverMobile: '9876500000',
            vehicleNumber: null,
            resumeState: s.context.resumeState ?? 'accepted',
            takenOverAt: when,
          },
        };
      case 'RideWaitAlerted':
        return { type, data: { rideId, requestedAt: s.context.requestedAt ?? when, dueAt: when, alertedAt: when } };
      case 'ReassignmentOverdue':
        return {
          type,
          data: {
            rideId,
            redistribution: s.context.redistributions,
            notice: s.context.reassignmentNotices + 1,
            dueAt: when,
            nextDueAt: when,
            notedAt: when,
          },
        };
      case 'SpecialTaskOverran':
        return {
          type,
          data: { rideId, driverId: holder, startedAt: s.context.startedAt ?? when, durationMinutes: 30, dueAt: when, overranAt: when },
        };
      case 'RideOffered':
        return { type, data: { rideId, driverId, round: s.context.offerRounds + 1, offeredAt: when, expiresAt: at(minute + 1) } };
      case 'RideOfferDeclined':
        return { type, data: { rideId, driverId: offered, round, declinedAt: when } };
      case 'RideOfferExpired':
        return { type, data: { rideId, driverId: offered, round, expiredAt: when } };
      case 'RideOfferWithdrawn':
        return { type, data: { rideId, driverId: offered, round, forRideId: 'urgent', withdrawnAt: when } };
      case 'RideOpenedToAll':
        return { type, data: { rideId, reason: 'every driver passed', openedAt: when } };
      case 'RidePriorityChanged':
        return {
          type,
          data: { rideId, priority: s.context.priority === 'urgent' ? 'normal' : 'urgent', changedBy: 'AD01', changedAt: when },
        };
      case 'RideReleased':
        return { type, data: { rideId, releasedAt: when, ...(offer ? { dispatch: 'offer' as const } : {}) } };
      // Staff's assignment (issue #32 item 4): taken back from the driver holding it, or given while it waits.
      case 'RideAssigned':
        return {
          type,
          data: {
            rideId,
            driverId,
            driverName: `Driver ${driverId}`,
            driverMobile: '9876511111',
            vehicleNumber: null,
            fromDriverId: s.hasTag('inProgress') ? s.context.driverId : null,
            assignedBy: 'AD01',
            reason: 'closest driver',
            assignedAt: when,
          },
        };
      case 'RideSlaBreached': {
        const target = s.context.acceptedAt === null ? 'accept' : 'deliver';
        return {
          type,
          data: { rideId, target, priority: s.context.priority, dueAt: slaDueAt(s.context, target) ?? when, breachedAt: when },
        };
      }
      case 'RideSlaMissWithdrawn':
        return {
          type,
          data: {
            rideId,
            target: 'deliver',
            dueAt: slaDueAt(s.context, 'deliver') ?? when,
            droppedAt: s.context.droppedAt ?? when,
            acceptMissed: s.context.acceptBreachedAt !== null,
            withdrawnAt: when,
          },
        };
    }
  })();
  return { ...data, streamId: rideStreamId(rideId) } as StreamEvent;
}

// A ride's history: how it is booked, then steps of any type (the statechart refuses some), each by one of the drivers.
const historyArb = fc.record({
  scheduled: fc.boolean(),
  offer: fc.boolean(),
  // Mostly a step that moves the ride on, else one the statechart takes now (the pick-th of them), sometimes any type at all.
  steps: fc.array(
    fc.record({
      kind: fc.constantFrom('moves', 'moves', 'taken', 'any'),
      type: fc.constantFrom(...RIDE_EVENT_TYPES),
      driver: fc.constantFrom(...DRIVERS),
      pick: fc.nat(),
    }),
    { maxLength: 16 },
  ),
});

// Steps that each move the ride on: the pick-th of the ways it can go (in event type order: forward first).
const moves = (picks: number[]) =>
  picks.map((pick) => ({ kind: 'moves' as const, type: 'RideStarted' as const, driver: 'FL01' as const, pick }));

describe.each(testStoreKinds())('a ride row keeps the statechart fold of its events, on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeAll(async () => {
    spec = await projectionSpec(kind, ridesProjection, reportsProjection);
  });
  afterAll(() => spec.dispose());

  let run = 0;
  const reached = new Set<string | null>();
  it('given generated histories, when the read models apply them in two batches, then each row has the status its events fold to', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(historyArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 20 }), async (histories, cut) => {
        run += 1;
        const rides = histories.map((history, i) => {
          const rideId = `G${run}-${i}`;
          let minute = 0;
          const booking = eventOf(
            history.scheduled ? 'Scheduled' : 'RideRequested',
            initialRideSnapshot(),
            rideId,
            'FL01',
            minute,
            history.offer,
          );
          const events: StreamEvent[] = [booking];
          let s = foldRide(events);
          for (const step of history.steps) {
            minute += 1;
            const taken = RIDE_EVENT_TYPES.map((type) => eventOf(type, s, rideId, step.driver, minute, history.offer)).filter((e) =>
              s.can(e),
            );
            const candidates =
              step.kind === 'any'
                ? []
                : step.kind === 'taken'
                  ? taken
                  : taken.filter((e) => rideStatusOf(evolveRide(s, e)) !== rideStatusOf(s));
            const event = candidates[step.pick % candidates.length] ?? eventOf(step.type, s, rideId, step.driver, minute, history.offer);
            events.push(event);
            s = evolveRide(s, event);
            reached.add(rideStatusOf(s));
          }
          return { rideId, events, fold: foldRide(events) };
        });
        // Interleaved as a store holds them, and applied in two batches (the second restores the snapshots the first kept).
        const all = rides.flatMap(({ events }) => events.map((event, i) => ({ event, i }))).sort((a, b) => a.i - b.i);
        await spec.given(...all.slice(0, cut).map(({ event }) => event));
        await spec.given(...all.slice(cut).map(({ event }) => event));
        for (const { rideId, fold } of rides) {
          const row = await spec.db
            .selectFrom('rides')
            .select(['status', 'ride_state'])
            .where('ride_id', '=', rideId)
            .executeTakeFirstOrThrow();
          const report = await spec.db
            .selectFrom('ride_reports')
            .select(['status', 'ride_state'])
            .where('ride_id', '=', rideId)
            .executeTakeFirstOrThrow();
          const kept = fold.status === 'done' ? null : persistRide(fold);
          expect(row).toEqual({ status: rideStatusOf(fold), ride_state: kept });
          expect(report).toEqual({ status: rideStatusOf(fold), ride_state: kept });
        }
      }),
      // First the ways through every status: booked for later to completed, and a breakdown with the ride on the forks, taken over.
      {
        numRuns: 40,
        examples: [
          [
            [
              { scheduled: true, offer: false, steps: moves([1, 0, 0, 0, 0, 0]) },
              { scheduled: false, offer: false, steps: moves([0, 0, 0, 1, 1, 0, 0]) },
            ],
            5,
          ],
        ],
      },
    );
    // The histories went through every status the lifecycle has, not only the first few.
    expect(RIDE_LIFECYCLE_STATUSES.filter((status) => !reached.has(status))).toEqual([]);
  }, 120_000);

  it('given open rides projected before their rows kept a snapshot, when the migration backfills them, then each keeps its fold and goes on from it', async () => {
    const open = [
      e.requested('B1', 'RQ01', 0),
      e.accepted('B1', 'FL01', 1),
      e.started('B1', 'FL01', 2),
      // Stored at version 1, as before issue #29: the store lifts it to open to all.
      e.redistributed('B1', 'FL01', 3),
      e.requested('B2', 'RQ01', 4, { dispatch: 'offer' }),
      e.offered('B2', 'FL02', 1, 5),
    ];
    const done = [e.requested('B3', 'RQ01', 6), e.cancelled('B3', 'RQ01', 7)];
    await spec.given(...open, ...done);
    for (const table of ['rides', 'ride_reports'] as const) {
      await spec.db.updateTable(table).set({ ride_state: null }).where('ride_id', 'in', ['B1', 'B2', 'B3']).execute();
      await backfillRideStates(spec.db, table);
      const rows = await spec.db
        .selectFrom(table)
        .select(['ride_id', 'status', 'ride_state'])
        .where('ride_id', 'in', ['B1', 'B2', 'B3'])
        .orderBy('ride_id')
        .execute();
      const folds = [open.filter((event) => event.data.rideId === 'B1'), open.filter((event) => event.data.rideId === 'B2')].map(foldRide);
      expect(rows).toEqual([
        { ride_id: 'B1', status: 'waiting_for_reassignment', ride_state: persistRide(folds[0]!) },
        { ride_id: 'B2', status: 'requested', ride_state: persistRide(folds[1]!) },
        { ride_id: 'B3', status: 'cancelled', ride_state: null },
      ]);
    }
    await spec.given(e.takenOver('B1', 'FL02', 8), e.accepted('B2', 'FL02', 9));
    for (const table of ['rides', 'ride_reports'] as const)
      expect(
        await spec.db.selectFrom(table).select(['ride_id', 'status']).where('ride_id', 'in', ['B1', 'B2']).orderBy('ride_id').execute(),
      ).toEqual([
        { ride_id: 'B1', status: 'started' },
        { ride_id: 'B2', status: 'accepted' },
      ]);
  });
});
