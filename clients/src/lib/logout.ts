import { logoutAnswerSchema } from '@plantride/schemas';
import { api } from './api-client';
import { useSession } from './session.store';
import { useLiveSocket } from './socket.store';

/** Ends the session on the server; either way the local session is cleared (SPEC §8). */
export async function logout(): Promise<void> {
  // The session ends whatever the answer, so the socket goes first: the server closing it on
  // logout would otherwise race the answer and end the session as expired, with the wrong toast.
  useLiveSocket.getState().socket?.disconnect();
  try {
    await api('/api/auth/logout', { method: 'POST', schema: logoutAnswerSchema });
    useSession.getState().end('logout');
  } catch {
    useSession.getState().end('logoutFailed');
  }
}
