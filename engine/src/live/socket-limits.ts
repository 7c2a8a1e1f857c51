import { SERVER_MESSAGES } from '@plantride/schemas';
import { tokenBucket, type Rate } from '../security/token-bucket';
import type { LiveSocket } from './live-socket';

/**
 * Largest message a client may send over the socket (socket.io's `maxHttpBufferSize`): a trackRide
 * is a ride id, and the handshake a session token. A bigger one closes that connection at once
 * (engine.io drops it without reading it), so it never reaches a handler.
 */
export const SOCKET_MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * Each socket may send `rate` messages (a burst, then so many a second). The first message past it
 * is not handled: the socket is told `tooManyMessages` with the reason and disconnected, and what it
 * sent after is never read. Other sockets, of the same user too, keep their own allowance.
 */
export function limitSocketMessages(socket: LiveSocket, rate: Rate, now?: () => number): void {
  const take = tokenBucket(rate, now);
  socket.use((_packet, next) => {
    if (take()) return next();
    if (socket.connected) {
      socket.emit('tooManyMessages', { message: SERVER_MESSAGES.tooManySocketMessages });
      socket.disconnect(true);
    }
  });
}
