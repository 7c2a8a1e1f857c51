import { SERVER_MESSAGES, type AlertCounts, type BoardAlert } from '@plantride/schemas';
import { i18n } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/translate-message';

/** '45 s', '7 min', '1 h 05 min': how long a ride has waited, as the board read it. */
export function ageText(seconds: number): string {
  if (seconds < 60) return i18n.t('staff.board.ageSeconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n.t('staff.board.ageMinutes', { minutes });
  return i18n.t('staff.board.ageHours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

/** What an alert says, from what the engine recorded (its kind, and the missed target or the breakdown). */
export function alertText(alert: Pick<BoardAlert, 'kind' | 'detail'>): string {
  switch (alert.kind) {
    case 'waitingTooLong':
      return translateMessage(SERVER_MESSAGES.rideWaitingTooLong);
    case 'targetMissed':
      if (alert.detail === 'accept') return i18n.t('staff.board.targetMissedAccept');
      if (alert.detail === 'deliver') return i18n.t('staff.board.targetMissedDeliver');
      return i18n.t('staff.board.targetMissed');
    case 'noAlternativeDriver':
      return i18n.t('staff.board.noAlternativeDriver');
  }
}

const ALERT_KINDS = ['waitingTooLong', 'targetMissed', 'noAlternativeDriver'] as const satisfies readonly Exclude<
  keyof AlertCounts,
  'total'
>[];

/** '2 alerts: 1 waiting too long, 1 target missed' (kinds with none left out); 'No open alerts'. */
export function alertCountsText(counts: AlertCounts): string {
  if (counts.total === 0) return i18n.t('staff.board.noOpenAlerts');
  const kinds = ALERT_KINDS.filter((kind) => counts[kind] > 0).map((kind) => `${counts[kind]} ${i18n.t(`staff.board.alertKinds.${kind}`)}`);
  return i18n.t('staff.board.alertCounts', { count: counts.total, kinds: kinds.join(', ') });
}
