import {
  SERVER_MESSAGES,
  alertRaisedBy,
  alertWithdrawnBy,
  alertStreamId,
  rideStreamId,
  type AlertEvent,
  type RaisedAlert,
  type RideEvent,
} from '@plantride/schemas';
import type { CommandHandler, StreamRef } from '../commands/command-handler';
import { actorTokenNo, requireActor } from '../commands/actors';
import { conflict, notFound } from '../commands/errors';

export interface AcknowledgeAlertCommand {
  type: 'AcknowledgeAlert';
  data: { alertId: string };
}

type RaisedAlerts = ReadonlyMap<string, RaisedAlert>;

/** The alerts a ride's events raised, by id (alertRaisedBy: the one word on what an alert is). */
export const evolveRaisedAlerts = (state: RaisedAlerts, event: RideEvent): RaisedAlerts => {
  const withdrawn = alertWithdrawnBy(event);
  if (withdrawn !== null) {
    const left = new Map(state);
    left.delete(withdrawn);
    return left;
  }
  const alert = alertRaisedBy(event);
  if (!alert || state.has(alert.alertId)) return state;
  return new Map(state).set(alert.alertId, alert);
};

const raisedAlertsOf = (rideId: string): StreamRef<RaisedAlerts, RideEvent> => ({
  id: rideStreamId(rideId),
  initial: () => new Map(),
  evolve: evolveRaisedAlerts,
});

const alertStream = (alertId: string): StreamRef<{ acknowledged: boolean }, AlertEvent> => ({
  id: alertStreamId(alertId),
  initial: () => ({ acknowledged: false }),
  evolve: () => ({ acknowledged: true }),
});

/** An alert's id is its ride's id and what it is about ('R1.wait', 'R1.accept', 'R1.reassign-2'). */
const rideIdOf = (alertId: string): string => {
  const dot = alertId.lastIndexOf('.');
  return dot > 0 ? alertId.slice(0, dot) : alertId;
};

/**
 * POST /api/board/alerts/acknowledge (issue #32 item 4): a staff member takes note of an alert the
 * ride's timers raised; it leaves the open list for everyone. One acknowledgement per alert: a second
 * is refused, so the list never shows who "also" acknowledged it.
 */
export const acknowledgeAlert: CommandHandler<
  AcknowledgeAlertCommand,
  { ride: StreamRef<RaisedAlerts, RideEvent>; alert: StreamRef<{ acknowledged: boolean }, AlertEvent> }
> = {
  streams: ({ data }) => ({ ride: raisedAlertsOf(rideIdOf(data.alertId)), alert: alertStream(data.alertId) }),
  decide({ data }, { ride, alert }, { now, actor }) {
    requireActor(actor, 'admin', 'maintenanceHead');
    const raised = ride.get(data.alertId);
    if (!raised) throw notFound(SERVER_MESSAGES.alertNotFound);
    if (alert.acknowledged) throw conflict(SERVER_MESSAGES.alertAlreadyAcknowledged);
    const acknowledged: AlertEvent = {
      type: 'AlertAcknowledged',
      data: {
        alertId: raised.alertId,
        rideId: raised.rideId,
        kind: raised.kind,
        acknowledgedBy: actorTokenNo(actor) ?? 'system',
        acknowledgedAt: now.toISOString(),
      },
    };
    return { alert: [acknowledged] };
  },
};
