import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DRIVER_EVENT_TYPES, type DriverEvent, type VehicleType } from '@plantride/schemas';
import type { Database } from '../database/database';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { watchAppends } from '../event-store/store-watch';
import { toDomainEvent } from '../event-store/upcast';
import { DispatchBoard } from '../dispatch/dispatch-board';
import type { DispatchCandidate, HeldCandidate } from '../dispatch/offer-choice';
import { openDriverRosterAtStart } from './driver-serials';
import { evolveDriver, initialDriverState, onBreak, onShift, type DriverShift, type DriverState } from './driver.decider';

/** Where a driver stands for staff (issue #20; on break, issue #32 item 4): presence comes from shifts, not from sockets. */
export type DriverPresenceState = 'blocked' | 'busy' | 'on break' | 'free' | 'off shift';

export interface DriverPresence {
  operatorId: string;
  name: string;
  vehicleType: VehicleType | null;
  state: DriverPresenceState;
  /** The ride he holds, if any. */
  rideId: string | null;
  /** His shift while he is on it. */
  shift: DriverShift | null;
  /** When the break he is on began; null when he is not on break. */
  breakSince: string | null;
}

/**
 * The drivers as this engine holds them in memory: how many Active drivers each vehicle type has
 * (the soft check a booking makes: "No Forklift drivers are assigned"), and who is on shift, free,
 * busy, on break or blocked.
 */
export interface DriverRoster {
  /**
   * Drivers other than `except` who could take a redistributed ride over now, by vehicle type: Active,
   * with access, not blocked; a type absent has none. Recorded on the redistribution (issue #29).
   */
  alternativeDrivers(except: string): Partial<Record<VehicleType, number>>;
  presence(now: Date): DriverPresence[];
  /**
   * Offer dispatch's view now (issue #20), in one pass over the drivers: `candidates`, those a ride may
   * be offered to (on shift, free, holding no other offer, with where they are); `holders`, those
   * otherwise free who hold a normal ride's offer, which an urgent ride may take them from.
   */
  dispatchView(now: Date): { candidates: DispatchCandidate[]; holders: HeldCandidate[] };
  /** The registered AMR robots' records as their streams tell them (issue #33 item 4). */
  robots(): DriverState[];
  close(): Promise<void>;
}

interface Entry {
  version: number;
  state: DriverState;
}

/**
 * Blocked (maintenance, Not Active, no access) before busy (holds a ride) before on break (the
 * decider's `onBreak`) before free (on shift). Only a free driver is offered rides (`dispatchView`).
 */
export function presenceOf(operatorId: string, driver: DriverState, now: Date): DriverPresence {
  const record = driver.record;
  const blocked = driver.blockedFor !== null || record?.status !== 'Active' || !driver.accessActive;
  const working = onShift(driver, now);
  const resting = onBreak(driver, now);
  const state: DriverPresenceState = blocked
    ? 'blocked'
    : driver.ongoingRideId
      ? 'busy'
      : resting
        ? 'on break'
        : working
          ? 'free'
          : 'off shift';
  return {
    operatorId,
    name: record?.name ?? operatorId,
    vehicleType: record?.vehicleAssigned || null,
    state,
    rideId: driver.ongoingRideId,
    shift: working ? driver.shift : null,
    breakSince: resting ? driver.breakStartedAt : null,
  };
}

const DRIVER_STREAM = 'driver-';
const handled = new Set<string>(DRIVER_EVENT_TYPES);

/**
 * The drivers read model's count of Active drivers by vehicle type (`countDriversOfType`), kept in
 * memory from the driver streams instead of asked of the read model on every booking (issue #18):
 * read once at start, then every append heard (this process's before its command is answered).
 */
export async function createDriverRoster(
  database: Database,
  store: EventStore,
  options: { pollIntervalMs?: number } = {},
): Promise<DriverRoster> {
  const drivers = new Map<string, Entry>();
  // Heard before the start's read is folded: applied after it, so each stream folds in order.
  let early: RecordedEvent[] | null = [];

  const board = new DispatchBoard();

  const apply = (event: RecordedEvent) => {
    board.apply(event);
    if (!event.streamId.startsWith(DRIVER_STREAM) || !handled.has(event.type)) return;
    const entry = drivers.get(event.streamId) ?? { version: 0, state: initialDriverState() };
    if (event.streamPosition <= entry.version) return;
    drivers.set(event.streamId, { version: event.streamPosition, state: evolveDriver(entry.state, toDomainEvent(event) as DriverEvent) });
  };
  const heard = (events: readonly RecordedEvent[]) => {
    if (early) early.push(...events);
    else events.forEach(apply);
  };

  const watch = await watchAppends(database, store, heard, options);
  try {
    (await store.readStreamsOfType('driver')).forEach(apply);
  } catch (error) {
    await watch.close();
    throw error;
  }
  early.forEach(apply);
  early = null;

  return {
    alternativeDrivers(except) {
      const counts: Partial<Record<VehicleType, number>> = {};
      for (const { state } of drivers.values()) {
        const record = state.record;
        if (!record?.vehicleAssigned || record.operatorId === except) continue;
        if (record.status !== 'Active' || !state.accessActive || state.blockedFor !== null) continue;
        counts[record.vehicleAssigned] = (counts[record.vehicleAssigned] ?? 0) + 1;
      }
      return counts;
    },
    dispatchView(now) {
      const candidates: DispatchCandidate[] = [];
      const holders: HeldCandidate[] = [];
      for (const { state } of drivers.values()) {
        const record = state.record;
        const { state: where, shift } = presenceOf(record?.operatorId ?? '', state, now);
        if (!record?.vehicleAssigned || where !== 'free' || !shift) continue;
        const drop = board.lastDrop(record.operatorId);
        // A drop before this shift began tells nothing of where he is now.
        const recent = drop && drop.at >= shift.startedAt ? drop : undefined;
        const candidate = {
          operatorId: record.operatorId,
          vehicleType: record.vehicleAssigned,
          location: recent?.location ?? shift.location,
          idleSince: recent?.at ?? shift.startedAt,
        };
        if (!board.holdsOffer(record.operatorId, now)) candidates.push(candidate);
        else {
          const rideId = board.heldNormalOffer(record.operatorId, now);
          if (rideId) holders.push({ ...candidate, rideId });
        }
      }
      return { candidates, holders };
    },
    robots: () => [...drivers.values()].map(({ state }) => state).filter((state) => state.robot !== null && state.record !== null),
    presence: (now) =>
      [...drivers.values()]
        .filter(({ state }) => state.record !== null)
        .map(({ state }) => presenceOf(state.record!.operatorId, state, now)),
    close: () => watch.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The drivers in memory: bookings' driver count, staff's presence, a driver's shift. */
    driverRoster: DriverRoster;
  }
}

/**
 * One roster per engine, before the routes that use it (bookings, shifts, presence). The roster stream
 * (serials and counts, roster.decider.ts) is opened first on a store whose records came before it.
 */
export const driverRosterPlugin = fp(
  async (app: FastifyInstance) => {
    await openDriverRosterAtStart(app.eventStore);
    const roster = await createDriverRoster(app.database, app.eventStore);
    app.decorate('driverRoster', roster);
    app.addHook('onClose', () => roster.close());
  },
  { name: 'driver-roster', dependencies: ['database'] },
);
