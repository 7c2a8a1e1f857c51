import { logoutAnswerSchema } from '@plantride/schemas';
import { api } from './api-client';
import { useOfflineQueue } from './offline-queue';
import { forgetCache } from './persisted-cache';
import { forgetPush } from './push';
import { useSession } from './session.store';
import { forgetPosition } from './socket';
import { useLiveSocket } from './socket.store';

/** Copies of ride facts that earlier builds kept beside the cache; a logout removes them where they linger. */
const RETIRED_KEYS = ['driverDetails', 'driverAssignedAt'];

/** What is his on this browser goes with him: the persisted cache, where his live feed had reached, and the steps he queued offline (issue #31). */
function forgetPersonalData(owner: string | null): void {
  forgetCache();
  for (const key of RETIRED_KEYS) localStorage.removeItem(key);
  if (owner) forgetPosition(owner);
  const queue = useOfflineQueue.getState();
  for (const command of queue.commands) if (command.owner === owner) queue.remove(command.key);
}

/** Ends the session on the server; either way the local session is cleared (SPEC §8). */
export async function logout(): Promise<void> {
  const owner = useSession.getState().user?.token_no ?? null;
  // The session ends whatever the answer, so the socket goes first: the server closing it on
  // logout would otherwise race the answer and end the session as expired, with the wrong toast.
  useLiveSocket.getState().socket?.disconnect();
  // This device stops hearing his offers (the engine drops his devices on logout too); not waited for.
  forgetPush().catch(() => undefined);
  try {
    await api('/api/auth/logout', { method: 'POST', schema: logoutAnswerSchema });
    useSession.getState().end('logout');
  } catch {
    useSession.getState().end('logoutFailed');
  } finally {
    forgetPersonalData(owner);
  }
}
