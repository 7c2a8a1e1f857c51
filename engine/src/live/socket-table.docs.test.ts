import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, SOCKET_EVENT_NAMES, isEventType, type EventType } from '@plantride/schemas';
import type { RideFacts } from './ride-facts';
import { socketEventsFor, type PositionedEvent } from './ride-socket-events';

/*
 * engine/README.md's "Event → socket table" against the code: which store event sends which socket
 * event to which rooms. The code's side is every store event type run through the gateway's mapping
 * (`socketEventsFor`) with the ids named as the README names them ('{rideId}', '{driverId}'...), so
 * its rooms read as the table's. Each event's data answers any field with its placeholder, so a
 * mapping added for any event type shows here without a fixture being written for it.
 */

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** A pair of the table: this store event sends this socket event (`—` for a socket's own, with no store event). */
type Pair = `${EventType | '—'} → ${string}`;
interface Reach {
  rooms: string[];
  except: string[];
  /** What the payload's `requesterData` is: the requester's details (`full`), `null`, or not in the payload (`none`). */
  requesterData: string[];
}

const ROOM = /^(user|driver|vehicle|ride):\{\w+\}$|^staff$|^everyone$/;
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

// A row says the payload's requesterData is null (`requesterData: null`) or the requester's (`requesterData {userId, ...}`).
function requesterDataSaid(payload: string): string[] {
  const spans = codeSpans(payload).filter((span) => span.startsWith('requesterData'));
  return spans.length === 0 ? ['none'] : spans.map((span) => (span === 'requesterData: null' ? 'null' : 'full'));
}

function tableRows(markdown: string): string[][] {
  const section = markdown.split('### Event → socket table')[1]?.split(/\n#{2,3} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(store event|-)/.test(line))
    .map((line) => line.split('|').slice(1, -1));
}

function readmeTable(): Map<Pair, Reach> {
  const table = new Map<Pair, Reach>();
  for (const [store = '', socket = '', rooms = '', payload = ''] of tableRows(README)) {
    const storeTypes = codeSpans(store).filter(isEventType);
    const [to = '', except = ''] = rooms.split(/\bexcept\b/);
    for (const from of storeTypes.length > 0 ? storeTypes : (['—'] as const))
      for (const name of codeSpans(socket)) {
        const pair: Pair = `${from} → ${name}`;
        const reach = table.get(pair) ?? { rooms: [], except: [], requesterData: [] };
        reach.rooms.push(...codeSpans(to).filter((room) => ROOM.test(room)));
        reach.except.push(...codeSpans(except).filter((room) => ROOM.test(room)));
        reach.requesterData.push(...requesterDataSaid(payload));
        table.set(pair, reach);
      }
  }
  return normalised(table);
}

const SAMPLE: Record<string, unknown> = {
  rideId: '{rideId}',
  requesterId: '{requesterId}',
  driverId: '{driverId}',
  operatorId: '{driverId}',
  originalDriverId: '{originalDriverId}',
  vehicleType: '{vehicleType}',
  rideType: 'Regular',
  // A redistribution that found nobody else to take the ride over (its noAlternativeDriver row).
  alternativeDrivers: 0,
  // A booking dispatched at once, as the spec's: the table's rows say what offer dispatch and booking for later leave out.
  dispatch: undefined,
  scheduledFor: undefined,
};
const sampleData = new Proxy({} as Record<string, unknown>, {
  get: (_data, key) => (typeof key !== 'string' ? undefined : Object.hasOwn(SAMPLE, key) ? SAMPLE[key] : `{${key}}`),
});

// The ride as the gateway knows it from its earlier events: open to all, with a driver and one before him.
const FACTS = {
  requesterId: '{requesterId}',
  vehicleType: '{vehicleType}',
  driverId: '{driverId}',
  originalDriverId: '{originalDriverId}',
  requesterName: '{requesterName}',
  requesterMobile: '{requesterMobile}',
  fromLocation: '{fromLocation}',
  toLocation: '{toLocation}',
  rideType: 'Regular',
  priority: 'urgent',
  openToAll: true,
} as unknown as RideFacts;

function codeTable(): Map<Pair, Reach> {
  const table = new Map<Pair, Reach>();
  for (const type of EVENT_TYPES) {
    const event = { type, data: sampleData, position: 1 } as unknown as PositionedEvent;
    // Nothing looked up: every pair follows from the event and its ride's facts.
    for (const emit of socketEventsFor(event, FACTS)) {
      const pair: Pair = `${type} → ${emit.name}`;
      const reach = table.get(pair) ?? { rooms: [], except: [], requesterData: [] };
      reach.rooms.push(...emit.rooms);
      reach.except.push(...(emit.except ?? []));
      const { requesterData } = emit.payload as { requesterData?: unknown };
      reach.requesterData.push(requesterData === undefined ? 'none' : requesterData === null ? 'null' : 'full');
      table.set(pair, reach);
    }
  }
  return normalised(table);
}

function normalised(table: Map<Pair, Reach>): Map<Pair, Reach> {
  const sorted = (rooms: string[]) => [...new Set(rooms)].sort();
  return new Map(
    [...table]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pair, reach]) => [
        pair,
        { rooms: sorted(reach.rooms), except: sorted(reach.except), requesterData: sorted(reach.requesterData) },
      ]),
  );
}

describe("engine/README.md's socket table and the live gateway's mapping", () => {
  const readme = readmeTable();
  const code = codeTable();

  it('given the table, then it has rows, and every socket event it names is in the socket map (schemas/src/socket.ts)', () => {
    expect(readme.size).toBeGreaterThan(20);
    const named = tableRows(README).flatMap(([, socket = '']) => codeSpans(socket));
    expect(named.filter((name) => !(SOCKET_EVENT_NAMES as string[]).includes(name))).toEqual([]);
  });

  it('given every store event type through the mapping, then the table lists the same store event → socket event pairs', () => {
    const fromStore = [...readme.keys()].filter((pair) => !pair.startsWith('—'));
    expect(fromStore).toEqual([...code.keys()]);
  });

  it('given each pair, then the rooms that hear it, and those left out, are the ones the table says', () => {
    const rooms = (table: Map<Pair, Reach>) =>
      [...table].filter(([pair]) => !pair.startsWith('—')).map(([pair, { rooms, except }]) => ({ pair, rooms, except }));
    expect(rooms(readme)).toEqual(rooms(code));
  });

  it("given each pair whose payload carries requesterData, then the table says whether it is the requester's details or null (issue #17)", () => {
    const said = (table: Map<Pair, Reach>) =>
      [...table]
        .filter(([pair]) => !pair.startsWith('—'))
        .map(([pair, { requesterData }]) => ({ pair, requesterData: requesterData.filter((what) => what !== 'none') }));
    expect(said(readme)).toEqual(said(code));
  });

  it("given the socket map, then every socket event is in the table: from a store event, or a socket's own (session expiry or end, message limit)", () => {
    const inTable = new Set([...readme.keys()].map((pair) => pair.split(' → ')[1]));
    expect([...SOCKET_EVENT_NAMES].filter((name) => !inTable.has(name))).toEqual([]);
    const own = [...readme.keys()].filter((pair) => pair.startsWith('—')).map((pair) => pair.split(' → ')[1]);
    expect(own.sort()).toEqual(['sessionEnded', 'sessionExpired', 'tooManyMessages']);
  });
});
