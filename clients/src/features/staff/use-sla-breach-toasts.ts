import { useEffect } from 'react';
import { SOCKET_PAYLOADS } from '@plantride/schemas';
import { useLiveSocket } from '../../lib/socket.store';
import { toast } from '../../lib/toast';

// Staff should not miss it behind the next toast: it stays longer than the usual 3 s.
const SLA_TOAST_MS = 8000;
const toasted = new Set<string>();

/**
 * Staff (admin, maintenance head) hear on any screen when a ride misses a service target (issue #20):
 * the engine's sentence as a warning toast, once per ride and target, a replay after a reconnect too.
 */
export function useSlaBreachToasts(enabled: boolean) {
  const socket = useLiveSocket((s) => s.socket);
  useEffect(() => {
    if (!socket || !enabled) return;
    const listener = (raw: unknown) => {
      const parsed = SOCKET_PAYLOADS.rideSlaBreached.safeParse(raw);
      if (!parsed.success) return;
      const key = `${parsed.data.rideId}:${parsed.data.target}`;
      if (toasted.has(key)) return;
      toasted.add(key);
      toast.warning(parsed.data.message, { autoClose: SLA_TOAST_MS, toastId: `sla-${key}` });
    };
    socket.on('rideSlaBreached', listener);
    return () => {
      socket.off('rideSlaBreached', listener);
    };
  }, [socket, enabled]);
}
