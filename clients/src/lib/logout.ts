import { logoutAnswerSchema } from '@plantride/schemas';
import { api } from './api-client';
import { useSession } from './session.store';

/** Ends the session on the server; either way the local session is cleared (SPEC §8). */
export async function logout(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST', schema: logoutAnswerSchema });
    useSession.getState().end('logout');
  } catch {
    useSession.getState().end('logoutFailed');
  }
}
