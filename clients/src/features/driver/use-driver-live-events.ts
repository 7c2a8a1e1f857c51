import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { SOCKET_PAYLOADS } from '@plantride/schemas';
import { onQueueOutcome } from '../../lib/offline-queue';
import { useLiveSocket } from '../../lib/socket.store';
import { RIDE_ALERT_EVENTS, rideAlert } from './ride-alert';
import { DRIVER_EVENTS, driverEventEffect, type DriverEvent } from './stores/driver-live';
import { refreshTopics, useDriverLive } from './stores/driver-live.store';
import { useRideOffers } from './stores/ride-offers.store';

/**
 * The offer's expiry on this phone's clock: the time the server gave it (expiresAt − offeredAt) from
 * now, so a phone whose clock is minutes off still counts down the right seconds.
 */
export function onThisClock(offer: { offeredAt: string; expiresAt: string }, now = Date.now()): string {
  const lasts = Date.parse(offer.expiresAt) - Date.parse(offer.offeredAt);
  return Number.isFinite(lasts) ? new Date(now + Math.max(0, lasts)).toISOString() : offer.expiresAt;
}

/** An offer to him starts with rideOffered and ends with removeRide (declined, lapsed, cancelled); newRideRequest opens it to all. */
function offerEffect(event: DriverEvent, driverId: string): void {
  const offers = useRideOffers.getState();
  if (event.type === 'rideOffered') {
    const { position: _position, ...offer } = event.payload;
    offers.offered({ ...offer, expiresAt: onThisClock(offer), driverId });
  } else if (event.type === 'removeRide') {
    offers.passedOn(event.payload.rideId);
  } else if (event.type === 'newRideRequest') {
    offers.openToAll(event.payload.rideId);
  }
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
        if (effect.completionPopup) useDriverLive.getState().openCompletion();
        if (effect.notice) toast.info(effect.notice);
        offerEffect(event, driverId);
        // A ride he could take: a short tone and a buzz (ride-alert.ts), once per burst.
        if (RIDE_ALERT_EVENTS.has(name)) rideAlert().ring();
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
