import { io, type Socket } from 'socket.io-client';
import { inParallel, nowMs } from '../support/api-client';
import type { People } from './load-people';

/** One socket event as a party received it. */
export interface Receipt {
  party: string;
  name: string;
  position: number | null;
  at: number;
}

export interface PartySocket {
  socket: Socket;
  /** Calls `handler` for each `name` received, after the receipt is recorded. */
  on(name: string, handler: (payload: Record<string, unknown>) => void): void;
  close(): void;
}

/** A party's real socket.io connection to the engine (websocket, JWT in the handshake), recording every receipt. */
export async function connectParty(
  url: string,
  party: string,
  token: string,
  receipts: Receipt[],
  onDrop: (party: string, reason: string) => void,
): Promise<PartySocket> {
  const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  const handlers = new Map<string, Array<(payload: Record<string, unknown>) => void>>();
  socket.onAny((name: string, payload: Record<string, unknown>) => {
    receipts.push({ party, name, position: typeof payload?.position === 'number' ? payload.position : null, at: nowMs() });
    for (const handler of handlers.get(name) ?? []) handler(payload);
  });
  let closing = false;
  socket.on('disconnect', (reason) => {
    if (!closing) onDrop(party, reason);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    // Closed after the transport opened but before socket.io's connect was answered, socket.io-client
    // says only 'disconnect' (no connect_error): without this the bench waited for ever. (After the
    // connect, a disconnect settles nothing: the promise is settled.)
    socket.once('disconnect', (reason) => reject(new Error(`${party}'s socket closed before it connected: ${reason}`)));
  });
  return {
    socket,
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    close() {
      closing = true;
      socket.disconnect();
    },
  };
}

/** Everyone connected: each party's socket by token number, the rooms the engine puts it in, and every receipt. */
export interface ConnectedPlant {
  live: Map<string, PartySocket>;
  rooms: Map<string, string[]>;
  sockets: PartySocket[];
  receipts: Receipt[];
  /** Sockets the engine closed (party: reason). */
  drops: string[];
  closeAll(): void;
}

/** Connects every requester, driver, the admin and the maintenance head on socket.io, 16 at a time. */
export async function connectEveryone(url: string, people: People): Promise<ConnectedPlant> {
  const plant: ConnectedPlant = {
    live: new Map(),
    rooms: new Map(),
    sockets: [],
    receipts: [],
    drops: [],
    closeAll: () => plant.sockets.forEach((s) => s.close()),
  };
  const parties = [
    ...people.requesters.map((p) => ({ person: p, rooms: [`user:${p.tokenNo}`] })),
    ...people.drivers.map((p) => ({ person: p, rooms: [`user:${p.tokenNo}`, `driver:${p.tokenNo}`, `vehicle:${p.vehicleType}`] })),
    { person: people.admin, rooms: [`user:${people.admin.tokenNo}`, 'staff'] },
    { person: people.head, rooms: [`user:${people.head.tokenNo}`, 'staff'] },
  ];
  await inParallel(parties, 16, async ({ person, rooms }) => {
    const socket = await connectParty(url, person.tokenNo, person.token, plant.receipts, (party, reason) =>
      plant.drops.push(`${party}: ${reason}`),
    );
    plant.sockets.push(socket);
    plant.live.set(person.tokenNo, socket);
    plant.rooms.set(person.tokenNo, rooms);
  });
  return plant;
}
