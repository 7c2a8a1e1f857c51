import { locationNamed, siteMinutes, siteOf, type SiteState, type VehicleType } from '@plantride/schemas';

/** A driver who may be offered a ride now: on shift, free, not holding another offer (driver-roster.ts). */
export interface DispatchCandidate {
  operatorId: string;
  vehicleType: VehicleType;
  /** Where he is taken to be: his last drop, else where he started his shift; null when neither is known. */
  location: string | null;
  /** Since when he has been free: his last ride's end, or his shift's start. */
  idleSince: string;
}

/** A driver otherwise free who holds the offer of a normal ride (`rideId`): an urgent ride may take him from it. */
export interface HeldCandidate extends DispatchCandidate {
  rideId: string;
}

/** Taken for a driver whose whereabouts are unknown: behind every driver whose are. */
const UNKNOWN_MINUTES = 10_000;

/**
 * The driver to offer a ride to (issue #20's documented score): the fewest route minutes from where
 * he is to the pickup, then the longest idle, then the operator id (so a decision replays the same).
 * Drivers of another vehicle type, and those in `passedOver` (declined or let an offer expire), are
 * not candidates. Null when nobody is left.
 */
export function chooseDriver<C extends DispatchCandidate>(
  ride: { fromLocation: string; vehicleType: string },
  candidates: readonly C[],
  state: SiteState | null,
  passedOver: readonly string[] = [],
): C | null {
  const site = siteOf(state);
  const pickup = locationNamed(site, ride.fromLocation);
  const minutesFrom = (location: string | null) => {
    const from = location === null ? undefined : locationNamed(site, location);
    if (!from || !pickup) return UNKNOWN_MINUTES;
    return from.id === pickup.id ? 0 : (siteMinutes(site, from.id, pickup.id) ?? UNKNOWN_MINUTES);
  };
  const ranked = candidates
    .filter((driver) => driver.vehicleType === ride.vehicleType && !passedOver.includes(driver.operatorId))
    .map((driver) => ({ driver, minutes: minutesFrom(driver.location), idle: Date.parse(driver.idleSince) }))
    .sort((a, b) => a.minutes - b.minutes || a.idle - b.idle || a.driver.operatorId.localeCompare(b.driver.operatorId));
  return ranked[0]?.driver ?? null;
}
