import type { FastifyInstance } from 'fastify';
import { BOARD_VEHICLE_TYPES, type BoardAnswer, type BoardWaitingRide, type RidePriority } from '@plantride/schemas';
import { alertCounts, openAlerts, openMaintenanceRequests, waitingRides, type RideRow } from '@plantride/projections';
import { readModels } from '../rides/ride-access';

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/**
 * The dispatcher board at `now` (issue #32 item 4): the read models' waiting rides, open requests and
 * open alerts, and the engine's roster for who is on shift. Nothing here decides: each part is a
 * recorded outcome (the rides' offers, the roster's presence, the timers' alerts) as it stands.
 */
export async function boardAt(app: FastifyInstance, now: Date): Promise<BoardAnswer> {
  const db = readModels(app);
  const [rides, requests, alerts] = await Promise.all([waitingRides(db), openMaintenanceRequests(db), openAlerts(db)]);
  const presence = app.driverRoster.presence(now);
  const names = new Map(presence.map((driver) => [driver.operatorId, driver.name]));

  const waiting = rides.map((ride): BoardWaitingRide => waitingRide(ride, now, names));
  const offers = waiting.flatMap((ride) => (ride.offer ? [{ ...ride, offer: ride.offer }] : []));

  // On shift: free, busy or on break, or blocked during a shift (a breakdown); a driver off shift is not on the board.
  const onShift = presence.filter((driver) => driver.state !== 'off shift' && (driver.state !== 'blocked' || driver.shift));
  const types = [...new Set([...BOARD_VEHICLE_TYPES, ...onShift.map((driver) => driver.vehicleType ?? 'No vehicle type')])];
  const drivers = types.map((vehicleType) => {
    const ofType = onShift
      .filter((driver) => (driver.vehicleType ?? 'No vehicle type') === vehicleType)
      .sort((a, b) => a.name.localeCompare(b.name) || a.operatorId.localeCompare(b.operatorId));
    const count = (state: string) => ofType.filter((driver) => driver.state === state).length;
    return {
      vehicleType,
      counts: { free: count('free'), busy: count('busy'), onBreak: count('on break'), blocked: count('blocked') },
      drivers: ofType.map(({ operatorId, name, state, rideId, breakSince }) => ({ operatorId, name, state, rideId, breakSince })),
    };
  });

  return {
    asOf: now.toISOString(),
    waitingRides: waiting,
    offers,
    drivers,
    breakdowns: requests.map((request) => ({
      requestId: request.request_id,
      driverId: request.driver_id,
      driverName: request.driver_name,
      vehicleType: request.vehicle_type,
      issue: request.issue,
      breakdownType: request.breakdown_type,
      status: request.status,
      rideId: request.ride_id,
      requestedAt: iso(request.requested_at),
    })),
    alerts: alerts.map((alert) => ({
      alertId: alert.alert_id,
      kind: alert.kind as BoardAnswer['alerts'][number]['kind'],
      rideId: alert.ride_id,
      detail: alert.detail,
      raisedAt: iso(alert.raised_at),
      vehicleType: alert.vehicle_type,
      fromLocation: alert.from_location,
      toLocation: alert.to_location,
      rideStatus: alert.ride_status,
    })),
    counts: { waitingRides: waiting.length, offers: offers.length, breakdowns: requests.length, alerts: alertCounts(alerts) },
  };
}

function waitingRide(ride: RideRow, now: Date, names: ReadonlyMap<string, string>): BoardWaitingRide {
  // A ride booked for later has waited since its release, not since it was booked.
  const waitingSince = isoOrNull(ride.release_at) ?? iso(ride.requested_at);
  const offerStands = ride.offered_to !== null && ride.offer_expires_at !== null;
  return {
    rideId: ride.ride_id,
    status: ride.status,
    priority: ride.priority as RidePriority,
    vehicleType: ride.vehicle_type,
    rideType: ride.ride_type,
    fromLocation: ride.from_location,
    toLocation: ride.to_location,
    waitingSince,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(waitingSince)) / 1000)),
    isRedistributed: ride.is_redistributed,
    offer: offerStands
      ? { driverId: ride.offered_to!, driverName: names.get(ride.offered_to!) ?? null, expiresAt: iso(ride.offer_expires_at!) }
      : null,
  };
}
