import { describe, expect, it } from 'vitest';
import type { RosterEvent } from '@plantride/schemas';
import { commandSpec } from '../test-support/decider-spec';
import { driverEvents } from '../test-support/driver-events';
import { evolveRoster, highestSerial, nextSerial, openDriverRoster } from './roster.decider';

const opened = (lastSerial: number): RosterEvent => ({ type: 'DriverRosterOpened', data: { lastSerial } });
const issued = (operatorId: string, serial: number): RosterEvent => ({ type: 'DriverSerialIssued', data: { operatorId, serial } });
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

describe('open the driver roster at start', () => {
  const spec = commandSpec(openDriverRoster);
  const open = (lastSerial: number) => ({ type: 'OpenDriverRoster', lastSerial }) as const;

  it('given an empty roster and records up to serial 12, when the engine starts, then the roster opens at 12', () => {
    spec
      .given({})
      .when(open(12))
      .then({ roster: [opened(12)] });
  });

  it('given an empty roster and no record, when the engine starts, then nothing is written (empty, the roster stands for none issued)', () => {
    spec.given({}).when(open(0)).then({});
  });

  it('given a roster already opened, or one that issued a serial, when an engine starts, then nothing is written', () => {
    spec
      .given({ roster: [opened(12)] })
      .when(open(12))
      .then({});
    spec
      .given({ roster: [issued('CR01', 1)] })
      .when(open(5))
      .then({});
  });
});
