import { SERVER_MESSAGES } from '@plantride/schemas';
import type { LiveSocket } from './live-socket';

// setTimeout holds at most ~24.8 days; a longer token lifetime is reached in hops.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * At its token's expiry a socket is told `sessionExpired` and disconnected, as the spec's client
 * logs out at `exp`. Per socket, not a store event: nothing else changes when a token runs out.
 */
export function watchSessionExpiry(socket: LiveSocket, expiresAt: number): void {
  let handle: NodeJS.Timeout | undefined;
  const expire = () => {
    if (socket.disconnected) return;
    socket.emit('sessionExpired', { message: SERVER_MESSAGES.sessionExpired });
    socket.disconnect(true);
  };
  const arm = () => {
    const left = expiresAt - Date.now();
    handle = left > 0 ? setTimeout(arm, Math.min(left, MAX_DELAY_MS)).unref() : undefined;
    if (left <= 0) expire();
  };
  socket.once('disconnect', () => clearTimeout(handle));
  arm();
}
