import { getSpecificRequesterAnswerSchema, type RequesterRow } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** The requester's name and mobile, sent with a booking; a 404 means 'User not found'. */
export async function getRequester(userId: string): Promise<RequesterRow> {
  const answer = await api(`/api/drivers/getSpecificRequester/${encodeURIComponent(userId)}`, { schema: getSpecificRequesterAnswerSchema });
  return answer.requester;
}
