import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIMITS, MESSAGES, SERVER_MESSAGES, SOCKET_PAYLOADS, isOngoing, newDriverAssigned, type SocketPayload } from '@plantride/schemas';
import { rideKeys } from '../../lib/query-keys';
import { useLiveSocket } from '../../lib/socket.store';
import type { RideStatusRead } from './api/get-ride-status';
import { requesterToast } from './requester-toast';
import { useTrackedRide } from './stores/tracked-ride.store';
import { i18n } from '../../i18n/i18n';

export const rideReleased = (): string => i18n.t('requester.rideReleased');

/** The socket events a requester's screens apply (SPEC §7, requester received). */
export const REQUESTER_EVENTS = [
  'rideAccepted',
  'rideStarted',
  'materialPicked',
  'materialDropped',
  'rideEnded',
  'rideRedistributed',
  'driverReassigned',
  'noAlternativeDriver',
  'specialTaskOverdue',
  // Issue #20: his ride booked for later went to drivers.
  'rideReleased',
] as const;
type RequesterEventName = (typeof REQUESTER_EVENTS)[number];
export type LiveEvent = { [E in RequesterEventName]: { type: E; payload: SocketPayload<E> } }[RequesterEventName];

interface Options {
  onDriverAssigned?: () => void;
}

const cachedStatus = (queryClient: QueryClient, rideId: string) =>
  queryClient.getQueryData<RideStatusRead>(rideKeys.status(rideId))?.status ?? null;

/**
 * Applies one event to the cache. The payload's driver goes in with setQueryData; the ride's status
 * is read again from the server at the event's position (the store's fold is the only one).
 * Returns false when the event is not about the followed ride, or was seen already.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): boolean {
  const tracked = useTrackedRide.getState();
  const { rideId } = event.payload;
  const ours = rideId === tracked.rideId;
  if (event.type === 'noAlternativeDriver' || event.type === 'specialTaskOverdue') return ours && tracked.reached(event.payload.position);
  if (event.type === 'rideReleased' && !ours && tracked.rideId !== null && isOngoing(cachedStatus(queryClient, tracked.rideId))) {
    // Another ride still going keeps the screen; the lists read again, where it is requested now.
    tracked.reached(event.payload.position);
    return false;
  }
  // rideAccepted adopts its ride (SPEC §4); rideReleased adopts a ride booked for later when none is going.
  if (!ours && event.type !== 'rideAccepted' && event.type !== 'rideReleased') return false;
  if (!tracked.reached(event.payload.position)) return false;
  if (!ours) tracked.track(rideId, null);
  const driver =
    event.type === 'rideAccepted' ? event.payload.driverData : event.type === 'driverReassigned' ? event.payload.driverDetails : undefined;
  if (driver !== undefined) {
    queryClient.setQueryData<RideStatusRead>(rideKeys.status(rideId), (old) => (old ? { ...old, driver } : old));
  }
  if (event.type === 'driverReassigned') tracked.say(newDriverAssigned(event.payload.newDriverName || event.payload.driverDetails.name));
  if (event.type === 'rideAccepted' && !event.payload.isRedistributed) tracked.say(null);
  // Events without a position (old engines) still read the ride again.
  if (event.payload.position === undefined) void queryClient.invalidateQueries({ queryKey: rideKeys.detail(rideId) });
  return true;
}

/** Feeds the requester's socket events into the query cache and runs their side effects (SPEC §4). */
export function useLiveRideEvents({ onDriverAssigned }: Options = {}) {
  const socket = useLiveSocket((s) => s.socket);
  const queryClient = useQueryClient();
  const notice = useTrackedRide((s) => s.notice);

  useEffect(() => {
    if (!socket) return;
    const offs = REQUESTER_EVENTS.map((name) => {
      const listener = (raw: unknown) => {
        const parsed = SOCKET_PAYLOADS[name].safeParse(raw);
        if (!parsed.success) return;
        const event = { type: name, payload: parsed.data } as LiveEvent;
        if (!applyLiveEvent(queryClient, event)) return;
        // Notices about the followed ride: a toast, no change of its state.
        if (event.type === 'noAlternativeDriver') requesterToast.info(MESSAGES.noAlternativeDrivers);
        if (event.type === 'specialTaskOverdue') requesterToast.warning(SERVER_MESSAGES.specialTaskOverdue);
        if (event.type === 'rideReleased') requesterToast.info(rideReleased());
        if (event.type === 'rideAccepted') onDriverAssigned?.();
        if (event.type === 'driverReassigned') requesterToast.info(MESSAGES.newDriverAssignedInfo);
      };
      socket.on(name, listener);
      return (): void => {
        socket.off(name, listener);
      };
    });
    return () => offs.forEach((off) => off());
  }, [socket, queryClient, onDriverAssigned]);

  // 'New driver assigned: {name}' shows for 3 seconds.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      if (useTrackedRide.getState().notice === notice) useTrackedRide.getState().say(null);
    }, LIMITS.reassignmentNoticeMs);
    return () => clearTimeout(timer);
  }, [notice]);
  // A completed ride is not reset after 5 seconds (SPEC §4): its summary stays until the requester
  // dismisses it or starts a new booking (docs/DECISIONS.md).
}
