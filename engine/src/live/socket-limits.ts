import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { SERVER_MESSAGES } from '@plantride/schemas';
import { counted, rateWindow, type LimitStore, type Rate } from '../security/limit-store';
import type { LiveSocket } from './live-socket';

/**
 * Largest message a client may send over the socket (socket.io's `maxHttpBufferSize`): a trackRide
 * is a ride id, and the handshake a session token. A bigger one closes that connection at once
 * (engine.io drops it without reading it), so it never reaches a handler.
 */
export const SOCKET_MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * One allowance per user for all his sockets, on every engine process when the store is Redis. A
 * user past it is refused by each process from memory for the rest of the window: a flood's
 * buffered messages cost no Redis round trip each.
 */
export const socketMessageLimiter = (store: LimitStore, rate: Rate): RateLimiterAbstract =>
  rateWindow(store, 'socket-limit', rate, { blockInMemory: true });

/**
 * Each message counts against its user's allowance (`limiter`). The first message past it is not
 * handled: the socket is told `tooManyMessages` with the reason and disconnected, and what it sent
 * after is never read; his other sockets are refused the same way until the window ends. While the
 * store is away, messages are let through (security/limit-store.ts).
 */
export function limitSocketMessages(socket: LiveSocket, limiter: RateLimiterAbstract): void {
  const user = socket.data.user.tokenNo;
  socket.use((_packet, next) => {
    void counted(limiter.consume(user)).then((count) => {
      if (!count?.over) return next();
      if (socket.connected) {
        socket.emit('tooManyMessages', { message: SERVER_MESSAGES.tooManySocketMessages });
        socket.disconnect(true);
      }
    });
  });
}
