import { describe, expect, it } from 'vitest';
import type { RosterEvent } from '@plantride/schemas';
import { commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { countChange, countedOf, driversCountedFor, evolveRoster, highestSerial, nextSerial, openDriverRoster } from './roster.decider';

const opened = (lastSerial: number): RosterEvent => ({ type: 'DriverRosterOpened', data: { lastSerial } });
const issued = (operatorId: string, serial: number): RosterEvent => ({ type: 'DriverSerialIssued', data: { operatorId, serial } });
const counted = (operatorId: string, vehicleType: 'Forklift' | 'Crane' | 'AMR' | null): RosterEvent => ({
  type: 'DriverCounted',
  data: { operatorId, vehicleType },
});
const fold = (events: RosterEvent[]) => events.reduce(evolveRoster, null);

describe('the driver roster', () => {
  it('given nothing on it, then the next serial is 1; opened at k, k + 1; after serials issued, one past the highest', () => {
    expect(nextSerial(fold([]))).toBe(1);
    expect(nextSerial(fold([opened(12)]))).toBe(13);
    expect(nextSerial(fold([opened(12), issued('CR01', 13), issued('CR02', 14)]))).toBe(15);
    // A serial issued below the highest (records written by hand, out of order) never brings it back.
    expect(nextSerial(fold([issued('CR01', 7), issued('CR02', 3)]))).toBe(8);
  });

  it("given driver records' events, then the highest serial is the highest any record was added or saved with; none, 0", () => {
    expect(highestSerial([])).toBe(0);
    const events = [
      driverEvents.added('D001', 0, { serial: 3 }),
      driverEvents.added('D002', 1, { serial: 9 }),
      driverEvents.statusChanged('D002', 'Not Active'),
      driverEvents.updated('D001', 2, { serial: 11 }),
    ];
    expect(highestSerial(events)).toBe(11);
  });
});

describe("the roster's driver counts", () => {
  it('given records added, moved to another type, made Not Active and Active again, then each count is what the roster recorded last', () => {
    const roster = fold([
      issued('D001', 1),
      counted('D001', 'Forklift'),
      issued('D002', 2),
      counted('D002', 'Forklift'),
      counted('D001', 'AMR'),
    ]);
    expect([driversCountedFor(roster, 'Forklift'), driversCountedFor(roster, 'AMR'), driversCountedFor(roster, 'Crane')]).toEqual([
      1, 1, 0,
    ]);
    const inactive = evolveRoster(roster, counted('D002', null));
    expect(driversCountedFor(inactive, 'Forklift')).toBe(0);
    expect(driversCountedFor(evolveRoster(inactive, counted('D002', 'Forklift')), 'Forklift')).toBe(1);
    expect(driversCountedFor(null, 'Forklift')).toBe(0);
  });

  it('given a record, then a change is recorded only when what it counts for changes: Active with a type counts for it; Not Active or no type, for none', () => {
    const roster = fold([counted('D001', 'Forklift')]);
    expect(countChange(roster, 'D001', { status: 'Active', vehicleAssigned: 'Forklift' })).toEqual([]);
    expect(countChange(roster, 'D001', { status: 'Active', vehicleAssigned: 'Crane' })).toEqual([counted('D001', 'Crane')]);
    expect(countChange(roster, 'D001', { status: 'Not Active', vehicleAssigned: 'Forklift' })).toEqual([counted('D001', null)]);
    expect(countChange(roster, 'D002', { status: 'Active', vehicleAssigned: '' })).toEqual([]);
    expect(countChange(null, 'D002', { status: 'Not Active', vehicleAssigned: 'AMR' })).toEqual([]);
  });

  it("given driver records' events of before the counts, then each Active record with a type is counted for it, as its last events leave it (a block for maintenance changes nothing)", () => {
    const events = [
      driverEvents.added('D001'),
      driverEvents.added('D002', 1, { vehicleAssigned: 'Crane' }),
      driverEvents.added('D003', 2, { status: 'Not Active' }),
      driverEvents.added('D004', 3),
      driverEvents.blockedForMaintenance('D004', 'M1'),
      driverEvents.added('D005', 4, { vehicleAssigned: '' }),
      driverEvents.added('D006', 5),
      driverEvents.updated('D006', 6, { vehicleAssigned: 'AMR' }),
      driverEvents.statusChanged('D001', 'Not Active'),
      driverEvents.statusChanged('D003', 'Active'),
    ];
    expect(countedOf(events)).toEqual({ D002: 'Crane', D003: 'Forklift', D004: 'Forklift', D006: 'AMR' });
  });
});

describe('open the driver roster at start', () => {
  const spec = commandSpec(openDriverRoster);
  const open = (lastSerial: number, counts: Record<string, 'Forklift' | 'Crane'> = {}) =>
    ({ type: 'OpenDriverRoster', lastSerial, counted: counts }) as const;
  const countsOpened = (counts: Record<string, 'Forklift' | 'Crane'>): RosterEvent => ({
    type: 'DriverCountsOpened',
    data: { counted: counts },
  });

  it('given an empty roster and records up to serial 12, when the engine starts, then the roster opens at 12 with their counts', () => {
    spec
      .given({})
      .when(open(12, { D001: 'Forklift' }))
      .then({ roster: [opened(12), countsOpened({ D001: 'Forklift' })] });
  });

  it('given a roster that issued serials before counts were kept, when the engine starts, then it opens the counts only; once counted, never again', () => {
    spec
      .given({ roster: [issued('CR01', 1)] })
      .when(open(1, { CR01: 'Crane' }))
      .then({ roster: [countsOpened({ CR01: 'Crane' })] });
    spec
      .given({ roster: [issued('CR01', 1), countsOpened({ CR01: 'Crane' })] })
      .when(open(1, { CR01: 'Crane' }))
      .then({});
    spec
      .given({ roster: [issued('CR01', 1), counted('CR01', 'Crane')] })
      .when(open(1, { CR01: 'Crane' }))
      .then({});
  });

  it('given an empty roster and no record, when the engine starts, then nothing is written (empty, the roster stands for none issued)', () => {
    spec.given({}).when(open(0)).then({});
  });

  it('given a roster already opened and counted, when an engine starts, then nothing is written', () => {
    spec
      .given({ roster: [opened(12), countsOpened({})] })
      .when(open(12))
      .then({});
  });
});
