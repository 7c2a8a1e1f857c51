import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { redeliver } from '../../../engine/src/test-support/redelivery';
import { rideEvents as e } from '../../../engine/src/test-support/ride-events';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { scheduledSlaEvents as s } from '../rides/scheduled-sla-events.fixture';
import { kpisProjection } from './kpis.projection';
import { kpiDays } from './kpis.queries';

// Issue #20: SLA_MET per KPI ride and the day's count of rides that met their service targets, from given events (no timers run here).
describe.each(testStoreKinds())('KPI service targets on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, kpisProjection);
  });
  afterEach(() => spec.dispose());

  const done = (rideId: string, driverId: string, from: number) => [
    e.accepted(rideId, driverId, from + 1),
    e.picked(rideId, driverId, from + 2),
    e.dropped(rideId, driverId, from + 3),
    e.ended(rideId, driverId, from + 4),
  ];
  const history = [
    e.requested('MET', 'RQ01', 0),
    ...done('MET', 'FL01', 0),
    e.requested('LATE', 'RQ01', 1),
    e.accepted('LATE', 'FL02', 2),
    s.slaBreached('LATE', 'deliver', 31),
    e.picked('LATE', 'FL02', 32),
    e.dropped('LATE', 'FL02', 33),
    e.ended('LATE', 'FL02', 34),
    e.requested('GONE', 'RQ01', 2, { priority: 'urgent' }),
    s.slaBreached('GONE', 'accept', 4, 'urgent'),
    e.cancelled('GONE', 'RQ01', 5),
    e.requested('CANCELLED', 'RQ01', 3),
    e.cancelled('CANCELLED', 'RQ01', 4),
    s.scheduled('LATER', 'RQ01', 4, 120, 105),
    s.released('LATER', 105),
    ...done('LATER', 'FL03', 105),
    e.requested('OPEN', 'RQ01', 5),
    // Issue #32 item 2: dropped in time, heard after the deliver miss was recorded; once also accepted late.
    e.requested('TAPPED', 'RQ01', 6),
    e.accepted('TAPPED', 'FL01', 7),
    e.picked('TAPPED', 'FL01', 8),
    s.slaBreached('TAPPED', 'deliver', 36),
    e.dropped('TAPPED', 'FL01', 30),
    s.missWithdrawn('TAPPED', 36, 30),
    e.ended('TAPPED', 'FL01', 38),
    e.requested('TAPPED_LATE', 'RQ01', 7),
    s.slaBreached('TAPPED_LATE', 'accept', 12),
    e.accepted('TAPPED_LATE', 'FL02', 13),
    e.picked('TAPPED_LATE', 'FL02', 14),
    s.slaBreached('TAPPED_LATE', 'deliver', 37),
    e.dropped('TAPPED_LATE', 'FL02', 30),
    s.missWithdrawn('TAPPED_LATE', 37, 30, true),
    e.ended('TAPPED_LATE', 'FL02', 39),
  ];
  it('given a ride booked for later, then its wait runs from its release, not its booking', async () => {
    await spec.given(...history);
    const later = await spec.db
      .selectFrom('kpi_rides')
      .select(['requested_at', 'wait_seconds'])
      .where('ride_id', '=', 'LATER')
      .executeTakeFirstOrThrow();
    expect(later).toEqual({ requested_at: new Date(Date.UTC(2026, 10, 25, 8, 105)), wait_seconds: 60 });
  });

  const slaMet = async () =>
    Object.fromEntries(
      (await spec.db.selectFrom('kpi_rides').select(['ride_id', 'sla_met']).execute()).map((row) => [row.ride_id, row.sla_met]),
    );

  it('given rides completed in time, completed after a miss, missed and cancelled, cancelled, booked for later and completed, open, and dropped in time after a deliver miss was recorded (accepted in time, or late), then SLA_MET is true, false, false, null, true, null, true and false', async () => {
    await spec.given(...history);
    expect(await slaMet()).toEqual({
      MET: true,
      LATE: false,
      GONE: false,
      CANCELLED: null,
      LATER: true,
      OPEN: null,
      TAPPED: true,
      TAPPED_LATE: false,
    });
  });

  it('given the same rides, when the day is asked for, then five rides count for SLA and three of them met it', async () => {
    await spec.given(...history);
    expect(await kpiDays(spec.db, { from: '2026-11-25', to: '2026-11-25' })).toEqual([
      expect.objectContaining({
        day: '2026-11-25',
        vehicleType: 'Forklift',
        requested: 8,
        completed: 5,
        cancelled: 2,
        slaRides: 5,
        slaMetRides: 3,
      }),
    ]);
  });

  it('given the same rides, when every event is delivered again, then no ride row or driver day changes', async () => {
    await spec.given(...history);
    const tables = async () => ({
      rides: await spec.db.selectFrom('kpi_rides').selectAll().orderBy('ride_id').execute(),
      days: await spec.db.selectFrom('kpi_driver_days').selectAll().orderBy('driver_id').execute(),
    });
    const before = await tables();
    for (const type of [
      'RideRequested',
      'RideReleased',
      'RideAccepted',
      'RideSlaBreached',
      'RideSlaMissWithdrawn',
      'RideEnded',
      'RideCancelled',
    ]) {
      await redeliver(spec.database, [kpisProjection], (event) => event.type === type);
      expect(await tables(), `after ${type} again`).toEqual(before);
    }
  });
});
