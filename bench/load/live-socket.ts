import { io, type Socket } from 'socket.io-client';
import { nowMs } from '../support/api-client';

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
export async function connectParty(url: string, party: string, token: string, receipts: Receipt[], onDrop: (party: string, reason: string) => void): Promise<PartySocket> {
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
