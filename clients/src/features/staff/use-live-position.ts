import { useEffect, useRef, useState } from 'react';
import { SOCKET_PAYLOADS, type SocketEventName, type SocketPayload } from '@plantride/schemas';
import { useLiveSocket } from '../../lib/socket.store';

/**
 * The store position a staff list should be read at: it moves on with each of the named socket
 * events and with our own commands (`advance`), so the next read includes them (read-your-writes).
 * `version` counts the moves, for query keys.
 */
export function useLivePosition<E extends SocketEventName>(events: readonly E[], onEvent?: (name: E, payload: SocketPayload<E>) => void) {
  const socket = useLiveSocket((s) => s.socket);
  const [live, setLive] = useState({ position: 0, version: 0 });
  const advance = (next: number) => setLive((current) => ({ position: Math.max(current.position, next), version: current.version + 1 }));
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const names = events.join(',');

  useEffect(() => {
    if (!socket) return;
    const offs = (names.split(',') as E[]).map((name) => {
      const listener = (raw: unknown) => {
        const parsed = SOCKET_PAYLOADS[name].safeParse(raw);
        if (!parsed.success) return;
        const payload = parsed.data as SocketPayload<E>;
        // `version` moves even for a payload without a position: the list changed either way.
        setLive((current) => ({ position: Math.max(current.position, payload.position ?? 0), version: current.version + 1 }));
        handler.current?.(name, payload);
      };
      socket.on(name, listener as never);
      return () => socket.off(name, listener as never);
    });
    return () => offs.forEach((off) => off());
  }, [socket, names]);

  return { ...live, advance };
}
