import { useEffect } from 'react';
import { LIMITS, MESSAGES, SERVER_MESSAGES, SOCKET_PAYLOADS } from '@plantride/schemas';
import { useLiveSocket } from '../../lib/socket.store';
import { requesterToast } from './requester-toast';
import { REQUESTER_EVENTS, type LiveEvent } from './stores/live-ride.reducer';
import { useLiveRide } from './stores/live-ride.store';

export const RIDE_RELEASED = 'Your ride booked for later has gone to drivers.';

interface Options {
  onDriverAssigned?: () => void;
}

/** Feeds the requester's socket events into the live ride store and runs their side effects (SPEC §4). */
export function useLiveRideEvents({ onDriverAssigned }: Options = {}) {
  const socket = useLiveSocket((s) => s.socket);
  const notice = useLiveRide((s) => s.notice);
  const dispatch = useLiveRide((s) => s.dispatch);

  useEffect(() => {
    if (!socket) return;
    const offs = REQUESTER_EVENTS.map((name) => {
      const listener = (raw: unknown) => {
        const parsed = SOCKET_PAYLOADS[name].safeParse(raw);
        if (!parsed.success) return;
        const event = { type: name, payload: parsed.data } as LiveEvent;
        // Notices about the tracked ride: a toast, no change of its state.
        if (event.type === 'noAlternativeDriver' || event.type === 'specialTaskOverdue') {
          if (event.payload.rideId !== useLiveRide.getState().rideId) return;
          if (event.type === 'noAlternativeDriver') requesterToast.info(MESSAGES.noAlternativeDrivers);
          else requesterToast.warning(SERVER_MESSAGES.specialTaskOverdue);
          return;
        }
        if (!dispatch(event)) return;
        if (event.type === 'rideReleased') requesterToast.info(RIDE_RELEASED);
        if (event.type === 'rideAccepted') onDriverAssigned?.();
        if (event.type === 'driverReassigned') requesterToast.info(MESSAGES.newDriverAssignedInfo);
      };
      socket.on(name, listener);
      return (): void => {
        socket.off(name, listener);
      };
    });
    return () => offs.forEach((off) => off());
  }, [socket, dispatch, onDriverAssigned]);

  // 'New driver assigned: {name}' shows for 3 seconds; the breakdown notice stays while the ride waits.
  useEffect(() => {
    if (!notice || notice === MESSAGES.vehicleBrokeDown) return;
    const timer = setTimeout(() => dispatch({ type: 'clearNotice', notice }), LIMITS.reassignmentNoticeMs);
    return () => clearTimeout(timer);
  }, [notice, dispatch]);
  // A completed ride is not reset after 5 seconds (SPEC §4): its summary stays until the requester
  // dismisses it or starts a new booking (docs/DECISIONS.md).
}
