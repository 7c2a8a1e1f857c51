import { expect } from 'vitest';
import { waitFor } from '../../test-support/test-database';
import { followLive } from './live-follower';
import type { SignedInPlant } from './plant-engine';
import { photoFindings, unnamedPhotos } from './photo-checks';
import { cancelOpenRides, type RideLog } from './plant-load';
import { brokenStreams, missingAnswered, readStoredEvents, repeatedCommands, servedAndReplayed, timerFindings } from './store-checks';

export interface FinalCheckInput {
  url: string;
  databaseUrl: string;
  schema: string;
  /** The people, and the sockets that followed the load from `fromPosition`. */
  signedIn: SignedInPlant;
  log: RideLog;
  /** The last fault's end: every broken-down ride's notices must go on after it (its timer was not lost). */
  lastFaultEndedAt: number;
  /** Stops the engine before the store is compared with a clean replay. */
  stopEngine(): Promise<void>;
  trace?: (what: string) => void;
}

export interface FinalFigures {
  answered: number;
  events: number;
  timerEvents: number;
  reconnects: number[];
  /** Breakdown photos stored and checked. */
  photos: number;
}

const noticeAfter = (events: Awaited<ReturnType<typeof readStoredEvents>>, rideId: string, after: number) =>
  events.some((e) => e.type === 'ReassignmentOverdue' && e.data.rideId === rideId && Date.parse(String(e.data.notedAt)) > after);

/**
 * What every fault test asserts once the load has stopped: each due timer fired once and the
 * notice chains go on after the last fault; each socket heard, across its reconnects, exactly what
 * one fresh catch-up from the same position hears; every 2xx command is in the store at its
 * position; no stream has a gap or a repeat; the read models equal a clean replay.
 */
export async function assertNothingLost(input: FinalCheckInput): Promise<FinalFigures> {
  const { url, databaseUrl, schema, log } = input;
  const { commander, plant, fromPosition } = input.signedIn;
  const followers = input.signedIn.watched.map((tokenNo, i) => ({ tokenNo, follower: input.signedIn.followers[i]! }));
  expect(commander.failures).toEqual([]);

  const timersSettled = async () => {
    const events = await readStoredEvents(databaseUrl, schema);
    return (
      log.brokenDown.every((rideId) => noticeAfter(events, rideId, input.lastFaultEndedAt)) &&
      timerFindings(events, log).problems.length === 0
    );
  };
  // A failure shows as the findings below, not as a timeout.
  await waitFor(timersSettled, 30_000, 'every due timer to fire').catch(() => undefined);
  const trace = input.trace ?? (() => undefined);
  trace('timers settled');
  const beforeCancel = await readStoredEvents(databaseUrl, schema);
  const timers = timerFindings(beforeCancel, log);
  expect(timers.problems).toEqual([]);
  for (const rideId of log.brokenDown)
    expect(noticeAfter(beforeCancel, rideId, input.lastFaultEndedAt), `ride ${rideId}: a reassignment notice after the last fault`).toBe(
      true,
    );

  // Nothing appends once the open rides are cancelled; then each socket's story is complete.
  await cancelOpenRides(commander, plant, log);
  expect(commander.failures).toEqual([]);
  for (const { tokenNo, follower } of followers) {
    const reference = await followLive(url, commander.tokens[tokenNo]!, fromPosition, false);
    try {
      const same = () => JSON.stringify(reference.heard) === JSON.stringify(follower.heard);
      await waitFor(same, 20_000, `socket ${tokenNo} to match a fresh catch-up`).catch(() => undefined);
      expect(follower.heard, `what socket ${tokenNo} heard across ${follower.reconnects()} reconnects`).toEqual(reference.heard);
      expect(new Set(follower.heard.map((h) => `${h.name}@${h.position}`)).size, `socket ${tokenNo}: each event once`).toBe(
        follower.heard.length,
      );
    } finally {
      reference.close();
    }
  }
  trace('sockets compared');
  // Issue #34: every breakdown's photo survived the faults, stripped of its location, named by its report.
  const photos = log.photos ?? [];
  const adminToken = commander.tokens[plant.admin]!;
  expect(
    await photoFindings(
      url,
      adminToken,
      photos.map(({ photoId }) => photoId),
    ),
  ).toEqual([]);
  const reconnects = followers.map(({ follower }) => follower.reconnects());
  followers.forEach(({ follower }) => follower.close());
  await input.stopEngine();

  const events = await readStoredEvents(databaseUrl, schema);
  expect(missingAnswered(commander.answered, events)).toEqual([]);
  expect(brokenStreams(events)).toEqual([]);
  expect(repeatedCommands(events)).toEqual([]);
  expect(unnamedPhotos(events, photos)).toEqual([]);
  trace('store checked; replaying');
  const { served, replayed } = await servedAndReplayed(databaseUrl, schema);
  expect(served.rides?.length).toBeGreaterThan(0);
  expect(served).toEqual(replayed);
  return { answered: commander.answered.length, events: events.length, timerEvents: timers.fired, reconnects, photos: photos.length };
}
