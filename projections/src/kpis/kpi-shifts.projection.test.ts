import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { driverStreamId, plantDayStartMs, shiftDay } from '@plantride/schemas';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { kpiShiftsProjection } from './kpi-shifts.projection';
import { kpiShiftSeconds } from './kpis.queries';

const started = (operatorId: string, startedAt: string, endsAt: string) => ({
  streamId: driverStreamId(operatorId),
  type: 'DriverShiftStarted' as const,
  data: { operatorId, location: null, startedAt, endsAt },
});
const ended = (operatorId: string, endedAt: string) => ({
  streamId: driverStreamId(operatorId),
  type: 'DriverShiftEnded' as const,
  data: { operatorId, endedAt },
});

// Issue #32 item 6: time on shift per driver, the denominator of utilisation. Plant day 1 April 2026 runs 31 Mar 18:30 to 1 Apr 18:30 UTC.
describe.each(testStoreKinds())('drivers on shift for the KPIs on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, kpiShiftsProjection);
  });
  afterEach(() => spec.dispose());

  const history = [
    // 8 h from 08:30 plant time, ended by him after 2 h.
    started('D1', '2026-04-01T03:00:00Z', '2026-04-01T11:00:00Z'),
    ended('D1', '2026-04-01T05:00:00Z'),
    // 8 h from 22:30 plant time: 1.5 h on 1 April, 6.5 h on 2 April; it ran out by itself.
    started('D1', '2026-04-01T17:00:00Z', '2026-04-02T01:00:00Z'),
    // Still running at `now`.
    started('D2', '2026-04-02T02:00:00Z', '2026-04-02T10:00:00Z'),
  ];
  const day = (d: string) => [plantDayStartMs(d), plantDayStartMs(shiftDay(d, 1))] as const;
  const NOW = new Date('2026-04-02T04:00:00Z');

  it('given shifts ended by hand, run out and still running, when a range is asked, then each driver has the part of his shifts inside it, until now', async () => {
    await spec.given(...history);
    expect(await kpiShiftSeconds(spec.db, ...day('2026-04-01'), NOW)).toEqual(new Map([['D1', 3.5 * 3600]]));
    expect(await kpiShiftSeconds(spec.db, ...day('2026-04-02'), NOW)).toEqual(
      new Map([
        ['D1', 6.5 * 3600],
        ['D2', 2 * 3600],
      ]),
    );
    expect(await kpiShiftSeconds(spec.db, day('2026-04-01')[0], day('2026-04-02')[1], NOW).then((m) => m.get('D1'))).toBe(10 * 3600);
    expect(await kpiShiftSeconds(spec.db, ...day('2026-04-03'), NOW)).toEqual(new Map());
  });

  it('given the same history, when it is applied again, then nothing changes: a start is kept once and an end only shortens', async () => {
    await spec.given(...history);
    const rows = () => spec.db.selectFrom('kpi_driver_shifts').selectAll().orderBy('driver_id').orderBy('started_at').execute();
    const once = await rows();
    expect(once).toHaveLength(3);
    await spec.given(...history);
    expect(await rows()).toEqual(once);
  });
});
