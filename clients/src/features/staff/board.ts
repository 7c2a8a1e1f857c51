import { SERVER_MESSAGES, type AlertCounts, type BoardAlert } from '@plantride/schemas';

/** '45 s', '7 min', '1 h 05 min': how long a ride has waited, as the board read it. */
export function ageText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const TARGETS: Record<string, string> = {
  accept: 'Target missed: not accepted in time.',
  deliver: 'Target missed: not delivered in time.',
};

/** What an alert says, from what the engine recorded (its kind, and the missed target or the breakdown). */
export function alertText(alert: Pick<BoardAlert, 'kind' | 'detail'>): string {
  switch (alert.kind) {
    case 'waitingTooLong':
      return SERVER_MESSAGES.rideWaitingTooLong;
    case 'targetMissed':
      return TARGETS[alert.detail ?? ''] ?? 'Target missed.';
    case 'noAlternativeDriver':
      return 'No alternative driver has taken the ride over after a breakdown.';
  }
}

export const ALERT_KIND_LABELS: Record<Exclude<keyof AlertCounts, 'total'>, string> = {
  waitingTooLong: 'waiting too long',
  targetMissed: 'target missed',
  noAlternativeDriver: 'no alternative driver',
};

/** '2 alerts: 1 waiting too long, 1 target missed' (kinds with none left out); 'No open alerts'. */
export function alertCountsText(counts: AlertCounts): string {
  if (counts.total === 0) return 'No open alerts';
  const kinds = (Object.keys(ALERT_KIND_LABELS) as (keyof typeof ALERT_KIND_LABELS)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${ALERT_KIND_LABELS[kind]}`);
  return `${counts.total} ${counts.total === 1 ? 'alert' : 'alerts'}: ${kinds.join(', ')}`;
}
