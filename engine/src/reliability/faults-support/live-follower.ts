import { io as connectClient, type Socket } from 'socket.io-client';

export interface Heard {
  name: string;
  position: number | undefined;
  rideId: string | undefined;
}

/** A socket.io client as the web client runs one: it reconnects by itself and sends the last position it heard. */
export interface LiveFollower {
  readonly socket: Socket;
  readonly heard: Heard[];
  /** Connections made after the first (each a reconnect). */
  reconnects(): number;
  close(): void;
}

const record = (heard: Heard[]) => (name: string, payload: { position?: unknown; rideId?: unknown } | undefined) =>
  heard.push({
    name,
    position: typeof payload?.position === 'number' ? payload.position : undefined,
    rideId: typeof payload?.rideId === 'string' ? payload.rideId : undefined,
  });

/**
 * Connects with `lastPosition: fromPosition` (so it hears everything after that position, however
 * it raced with the store), then, after each drop, with the position of the last event it heard.
 */
export async function followLive(url: string, token: string, fromPosition: number, reconnect = true): Promise<LiveFollower> {
  const heard: Heard[] = [];
  const lastPosition = () => [...heard].reverse().find((h) => h.position !== undefined)?.position ?? fromPosition;
  const socket = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: reconnect,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    randomizationFactor: 0.2,
    auth: (send) => send({ token, lastPosition: lastPosition() }),
  });
  socket.onAny(record(heard));
  let connects = 0;
  socket.on('connect', () => (connects += 1));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, heard, reconnects: () => Math.max(0, connects - 1), close: () => void socket.disconnect() };
}
