import { expect } from 'vitest';
import { io as connectClient, type Socket } from 'socket.io-client';
import { SOCKET_PAYLOADS, type SocketEventName } from '@plantride/schemas';

export interface Received {
  name: SocketEventName;
  payload: { rideId?: string; position?: number } & Record<string, unknown>;
}

export interface LiveClient {
  socket: Socket;
  received: Received[];
  /** Names of the events received, optionally only those about one ride, in arrival order. */
  names(rideId?: string): string[];
}

/** A real socket.io client on the engine; every payload it receives is checked against the spec's shape. */
export async function connectLive(url: string, auth: Record<string, unknown>): Promise<LiveClient> {
  const socket = connectClient(url, { path: '/socket.io', auth, transports: ['websocket'], forceNew: true, reconnection: false });
  const received: Received[] = [];
  socket.onAny((name: SocketEventName, payload: Received['payload']) => {
    expect(SOCKET_PAYLOADS[name].strict().safeParse(payload).error, name).toBeUndefined();
    received.push({ name, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, received, names: (rideId) => received.filter((r) => !rideId || r.payload.rideId === rideId).map((r) => r.name) };
}
