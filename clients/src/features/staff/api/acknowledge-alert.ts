import { useMutation } from '@tanstack/react-query';
import { acknowledgeAlertAnswerSchema, type AcknowledgeAlertAnswer } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** POST /api/board/alerts/acknowledge (issue #32 item 4): the alert leaves the open list for every staff member. */
export function acknowledgeAlert(alertId: string): Promise<AcknowledgeAlertAnswer> {
  return api('/api/board/alerts/acknowledge', { method: 'POST', body: { alertId }, schema: acknowledgeAlertAnswerSchema });
}

export function useAcknowledgeAlert() {
  return useMutation({ mutationFn: acknowledgeAlert });
}
