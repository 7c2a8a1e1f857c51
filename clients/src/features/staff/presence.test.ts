import { describe, expect, it } from 'vitest';
import { countsText, filterPresence, NO_VEHICLE_TYPE, presenceCounts, type PresenceRow } from './presence';

const row = (operatorId: string, over: Partial<PresenceRow> = {}): PresenceRow => ({
  operatorId,
  name: `Driver ${operatorId}`,
  vehicleType: 'Forklift',
  state: 'free',
  rideId: null,
  shift: null,
  breakSince: null,
  ...over,
});

const rows = [
  row('FL01'),
  row('FL02'),
  row('FL03', { state: 'busy', rideId: 'R7' }),
  row('CR01', { vehicleType: 'Crane', state: 'blocked' }),
  row('FL05', { state: 'on break', breakSince: '2026-12-06T10:00:00.000Z' }),
  row('FL04', { state: 'off shift' }),
  row('XX01', { vehicleType: null, state: 'off shift' }),
];

describe('drivers on shift (issue #20)', () => {
  it('given drivers of several types, when counted, then each vehicle type has its counts, types with nobody show zeros and drivers without a type come last', () => {
    const counts = presenceCounts(rows);
    expect(counts.map((c) => c.vehicleType)).toEqual(['Forklift', 'Crane', 'AMR', 'Cherry Picker', NO_VEHICLE_TYPE]);
    expect(countsText(counts[0]!.counts)).toBe('2 free, 1 busy, 1 on break, 0 blocked, 1 off shift');
    expect(countsText(counts[2]!.counts)).toBe('0 free, 0 busy, 0 on break, 0 blocked, 0 off shift');
    expect(countsText(counts[4]!.counts)).toBe('0 free, 0 busy, 0 on break, 0 blocked, 1 off shift');
  });

  it("given a state and a vehicle type, when filtered, then only those rows stay, in the engine's order", () => {
    expect(filterPresence(rows, { state: 'free', vehicleType: 'Forklift' }).map((r) => r.operatorId)).toEqual(['FL01', 'FL02']);
    expect(filterPresence(rows, { state: 'off shift', vehicleType: 'all' }).map((r) => r.operatorId)).toEqual(['FL04', 'XX01']);
    expect(filterPresence(rows, { state: 'all', vehicleType: NO_VEHICLE_TYPE }).map((r) => r.operatorId)).toEqual(['XX01']);
    expect(filterPresence(rows, { state: 'on break', vehicleType: 'Forklift' }).map((r) => r.operatorId)).toEqual(['FL05']);
    expect(filterPresence(rows, { state: 'all', vehicleType: 'all' })).toHaveLength(7);
  });
});
