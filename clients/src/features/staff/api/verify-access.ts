import { useQuery } from '@tanstack/react-query';
import { verifyAccessAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';
import { siteKeys } from '../../../lib/query-keys';

/** The server's word on whether this session may use the maintenance head screens (SPEC §6). */
export async function verifyAccess(): Promise<boolean> {
  const answer = await api('/api/maintenance/verify-access', { schema: verifyAccessAnswerSchema });
  return answer.success;
}

export function useVerifyAccess() {
  return useQuery({ queryKey: siteKeys.verifyAccess, queryFn: verifyAccess, retry: false, staleTime: 60_000 });
}
