import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { SOCKET_PAYLOADS, type ShiftAnswer } from '@plantride/schemas';
import { driverKeys } from '../../lib/query-keys';
import { onQueueOutcome } from '../../lib/offline-queue';
import { useLiveSocket } from '../../lib/socket.store';
import { RIDE_ALERT_EVENTS, rideAlert } from './ride-alert';
import { DRIVER_EVENTS, driverEventEffect, type DriverEvent } from './stores/driver-live';
import { refreshTopics, useDriverLive } from './stores/driver-live.store';
import { dropAvailableRide } from './api/get-available-rides';
import { useOfferClock } from './stores/ride-offers';

/**
 * An offer to him starts with rideOffered (its countdown on this phone's clock) and ends with removeRide
 * (declined, lapsed, cancelled). Whether he missed it is his countdown's to say (the expiry the engine
 * recorded), not a guess from removeRide, which does not say why.
 */
function offerEffect(event: DriverEvent, queryClient: QueryClient): void {
  if (event.type === 'rideOffered') useOfferClock.getState().heard(event.payload);
  else if (event.type === 'removeRide') dropAvailableRide(queryClient, event.payload.rideId);
}

/** Feeds the driver's socket events into the dashboard: reads again at the event's position, popups and notices (SPEC §4). */
export function useDriverLiveEvents(driverId: string) {
  const socket = useLiveSocket((s) => s.socket);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const offs = DRIVER_EVENTS.map((name) => {
      const listener = (raw: unknown) => {
        const parsed = SOCKET_PAYLOADS[name].safeParse(raw);
        if (!parsed.success) return;
        const event = { type: name, payload: parsed.data } as DriverEvent;
        const effect = driverEventEffect(event, driverId);
        refreshTopics(queryClient, effect.topics, event.payload.position);
        if (effect.completionPopup) useDriverLive.getState().openCompletion(effect.completionPopup);
        if (effect.notice) toast.info(effect.notice);
        offerEffect(event, queryClient);
        // A ride he could take: a short tone and a buzz (ride-alert.ts), once per burst; none while he is on break (issue #32 item 4).
        const onBreak = queryClient.getQueryData<ShiftAnswer>(driverKeys.shift)?.breakSince != null;
        if (RIDE_ALERT_EVENTS.has(name) && !onBreak) rideAlert().ring();
      };
      socket.on(name, listener);
      return () => socket.off(name, listener);
    });
    // After a reconnect the gateway replays what was missed; the block state is read again anyway.
    const resync = () => refreshTopics(queryClient, ['driver'], null);
    socket.io.on('reconnect', resync);
    return () => {
      offs.forEach((off) => off());
      useDriverLive.getState().closeCompletion();
      socket.io.off('reconnect', resync);
    };
  }, [socket, driverId, queryClient]);

  // A step, accept or maintenance request queued offline was answered: read his lists at its position (or again, if refused).
  useEffect(
    () => onQueueOutcome((outcome) => refreshTopics(queryClient, ['rides', 'driver'], outcome.sent ? outcome.position : null)),
    [queryClient],
  );
}
