import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertStreamId, rideStreamId, type AlertEvent, type RideEvent } from '@plantride/schemas';
import { at, eventsOf } from '../../../engine/src/test-support/event-builder';
import { rideEvents as r } from '../../../engine/src/test-support/ride-events';
import { projectionSpec } from '../../../engine/src/test-support/projection-spec';
import { redeliver } from '../../../engine/src/test-support/redelivery';
import { testStoreKinds } from '../../../engine/src/test-support/test-database';
import { ridesProjection } from '../rides/rides.projection';
import { alertsProjection } from './alerts.projection';
import { alertCounts, openAlerts } from './alerts.queries';

const ride = eventsOf<RideEvent>((data) => rideStreamId(data.rideId));
const alert = eventsOf<AlertEvent>((data) => alertStreamId(data.alertId));

const waitAlerted = (rideId: string, minute: number) =>
  ride('RideWaitAlerted', { rideId, requestedAt: at(0), dueAt: at(minute), alertedAt: at(minute) });
const targetMissed = (rideId: string, minute: number) =>
  ride('RideSlaBreached', { rideId, target: 'accept', priority: 'urgent', dueAt: at(minute), breachedAt: at(minute) });
const overdue = (rideId: string, notice: number, minute: number) =>
  ride('ReassignmentOverdue', { rideId, redistribution: 1, notice, dueAt: at(minute), nextDueAt: at(minute + 5), notedAt: at(minute) });
const acknowledged = (alertId: string, rideId: string, kind: AlertEvent['data']['kind'], by: string, minute: number) =>
  alert('AlertAcknowledged', { alertId, rideId, kind, acknowledgedBy: by, acknowledgedAt: at(minute) });

describe.each(testStoreKinds())('alerts projection on %s', (kind) => {
  let spec: Awaited<ReturnType<typeof projectionSpec>>;
  beforeEach(async () => {
    spec = await projectionSpec(kind, ridesProjection, alertsProjection);
  });
  afterEach(async () => spec.dispose());

  it('given a wait alert, a missed target and two notices of one breakdown, then three alerts are open, newest first, with their ride, and counted by kind', async () => {
    await spec.given(
      r.requested('R1', 'AB12', 0),
      waitAlerted('R1', 5),
      r.requested('R2', 'AB12', 1, { toLocation: 'RMS' }),
      targetMissed('R2', 6),
      overdue('R3', 1, 10),
      overdue('R3', 2, 15),
    );
    const rows = await openAlerts(spec.db);
    expect(rows.map((row) => [row.alert_id, row.kind, row.detail, row.to_location])).toEqual([
      ['R3.reassign-1', 'noAlternativeDriver', '1', null],
      ['R2.accept', 'targetMissed', 'accept', 'RMS'],
      ['R1.wait', 'waitingTooLong', null, 'canteen'],
    ]);
    // A later notice of the same breakdown is the same alert, raised at its first notice.
    expect(rows[0]!.raised_at.toISOString()).toBe(at(10));
    expect(alertCounts(rows)).toEqual({ waitingTooLong: 1, targetMissed: 1, noAlternativeDriver: 1, total: 3 });
  });

  it('given an acknowledged alert, then it is closed for good: a later notice or a second delivery does not reopen it', async () => {
    await spec.given(
      r.requested('R1', 'AB12', 0),
      waitAlerted('R1', 5),
      overdue('R3', 1, 10),
      acknowledged('R3.reassign-1', 'R3', 'noAlternativeDriver', 'MH01', 11),
      overdue('R3', 2, 15),
    );
    expect((await openAlerts(spec.db)).map((row) => row.alert_id)).toEqual(['R1.wait']);
    await redeliver(spec.database, [alertsProjection]);
    expect((await openAlerts(spec.db)).map((row) => row.alert_id)).toEqual(['R1.wait']);
    const closed = await spec.db.selectFrom('alerts').selectAll().where('alert_id', '=', 'R3.reassign-1').executeTakeFirstOrThrow();
    expect([closed.acknowledged_by, new Date(closed.acknowledged_at!).toISOString()]).toEqual(['MH01', at(11)]);
  });

  it("given two missed delivery targets, when one ride's drop turns out tapped in time, then only the other stays open, also when delivered again", async () => {
    const deliverMissed = (rideId: string, minute: number) =>
      ride('RideSlaBreached', { rideId, target: 'deliver', priority: 'normal', dueAt: at(minute), breachedAt: at(minute) });
    await spec.given(
      r.requested('R1', 'AB12', 0),
      r.requested('R2', 'AB12', 1),
      deliverMissed('R1', 30),
      deliverMissed('R2', 31),
      ride('RideSlaMissWithdrawn', {
        rideId: 'R2',
        target: 'deliver',
        dueAt: at(31),
        droppedAt: at(29),
        acceptMissed: false,
        withdrawnAt: at(33),
      }),
    );
    expect((await openAlerts(spec.db)).map((row) => row.alert_id)).toEqual(['R1.deliver']);
    await redeliver(spec.database, [alertsProjection], (event) => event.type === 'RideSlaBreached');
    expect((await openAlerts(spec.db)).map((row) => row.alert_id)).toEqual(['R1.deliver']);
    const closed = await spec.db.selectFrom('alerts').selectAll().where('alert_id', '=', 'R2.deliver').executeTakeFirstOrThrow();
    expect([closed.acknowledged_by, new Date(closed.acknowledged_at!).toISOString()]).toEqual([null, at(33)]);
  });
});
