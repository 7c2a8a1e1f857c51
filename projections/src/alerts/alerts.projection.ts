import { ALERT_RAISING_TYPES, ALERT_WITHDRAWING_TYPES, alertRaisedBy, alertWithdrawnBy, type RideEvent } from '@plantride/schemas';
import { insertRowsIfAbsent, type Row } from '../batch-writes';
import { batchProjection } from '../projection';
import type { ReadModels } from '../read-models';
import { instantText } from '../timestamp';
import { alertsMigrations } from './alerts.migrations';

/**
 * The board's alerts (issue #32 item 4), projected from what the timers recorded: the first event
 * naming an alert creates its row (a later notice of the same breakdown, or a second delivery, finds
 * it there), and its acknowledgement closes it once. An acknowledgement always follows the event
 * that raised it in the store (the command reads the ride first), so raising before closing within
 * a batch keeps store order. A missed delivery target taken back (RideSlaMissWithdrawn) is closed the
 * same way, by no one.
 */
export const alertsProjection = batchProjection<ReadModels>({
  name: 'alerts',
  handles: [...ALERT_RAISING_TYPES, ...ALERT_WITHDRAWING_TYPES, 'AlertAcknowledged'],
  migrations: alertsMigrations,
  async applyBatch(events, db) {
    const raised = new Map<string, Row>();
    const acknowledged: { alertId: string; by: string; at: string }[] = [];
    const withdrawn: { alertId: string; at: string }[] = [];
    for (const { event } of events) {
      if (event.type === 'AlertAcknowledged') {
        acknowledged.push({ alertId: event.data.alertId, by: event.data.acknowledgedBy, at: instantText(event.data.acknowledgedAt) });
        continue;
      }
      const withdrawnId = alertWithdrawnBy(event as RideEvent);
      if (withdrawnId !== null && event.type === 'RideSlaMissWithdrawn') {
        withdrawn.push({ alertId: withdrawnId, at: instantText(event.data.withdrawnAt) });
        continue;
      }
      const alert = alertRaisedBy(event as RideEvent);
      if (!alert || raised.has(alert.alertId)) continue;
      raised.set(alert.alertId, {
        alert_id: alert.alertId,
        kind: alert.kind,
        ride_id: alert.rideId,
        detail: alert.detail,
        raised_at: instantText(alert.raisedAt),
        acknowledged_at: null,
        acknowledged_by: null,
      });
    }
    await insertRowsIfAbsent(db, 'alerts', [...raised.values()]);
    // Closed by a person (his token number), or taken back by the ride (no one: acknowledged_by null).
    const closings = [...acknowledged, ...withdrawn.map((w) => ({ ...w, by: null }))];
    for (const { alertId, by, at } of closings)
      await db
        .updateTable('alerts')
        .set({ acknowledged_at: new Date(at), acknowledged_by: by })
        .where('alert_id', '=', alertId)
        .where('acknowledged_at', 'is', null)
        .execute();
  },
});
