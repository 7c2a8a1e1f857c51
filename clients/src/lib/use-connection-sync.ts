import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConnection } from './connection.store';
import { doneMessageOf, flushQueue, onQueueOutcome, refusedWhileOffline } from './offline-queue';
import { useSession } from './session.store';
import { useLiveSocket } from './socket.store';
import type { LiveSocket } from './socket';
import { toast } from './toast';

/**
 * The browser says the network is back: try at once instead of waiting out the back-off.
 * A socket that is connected (or the browser still offline) is left alone.
 */
export function reconnectNow(socket: LiveSocket): void {
  if (socket.connected || !navigator.onLine) return;
  // disconnect() ends the manager's pending attempt; connect() opens a new one now, with the same listeners.
  socket.disconnect();
  socket.connect();
}

/**
 * Keeps the connection store current and the screen in step with the server: when the network
 * comes back or the page returns from the background, the socket tries at once, the lists on
 * screen are read again and the actions queued meanwhile are sent. Mounted once, by the banner.
 */
export function useConnectionSync(): void {
  const queryClient = useQueryClient();
  const socket = useLiveSocket((s) => s.socket);
  const owner = useSession((s) => s.user?.token_no ?? null);

  // The last update: every list read that arrived (live events mark it in socket.ts).
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') useConnection.getState().updated(event.query.state.dataUpdatedAt);
      }),
    [queryClient],
  );

  useEffect(() => {
    useConnection.getState().setSocket(socket?.connected ?? false);
    if (!socket) return;
    // A reconnect is where queued actions go out as well (the network may have been up all along).
    const connected = () => {
      if (owner) void flushQueue(owner);
    };
    socket.on('connect', connected);
    return () => {
      socket.off('connect', connected);
    };
  }, [socket, owner]);

  useEffect(() => {
    const resync = () => {
      if (socket) reconnectNow(socket);
      void queryClient.invalidateQueries({ type: 'active' });
      if (owner && navigator.onLine) void flushQueue(owner);
    };
    const online = () => {
      useConnection.getState().setNetwork(true);
      resync();
    };
    const offline = () => useConnection.getState().setNetwork(false);
    const visible = () => {
      useConnection.getState().setNetwork(navigator.onLine);
      if (document.visibilityState === 'visible') resync();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    useConnection.getState().setNetwork(navigator.onLine);
    // Whatever a reload found in the queue goes now, if it can.
    if (owner && navigator.onLine) void flushQueue(owner);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [socket, owner, queryClient]);

  useEffect(
    () =>
      onQueueOutcome((outcome) => {
        if (outcome.sent) toast.success(doneMessageOf(outcome.command));
        else toast.error(refusedWhileOffline(outcome.command, outcome.message));
      }),
    [],
  );
}
