import type { VehicleType } from '@plantride/schemas';

/** A ride on the drivers' lists, at the store position that put it there. */
export interface Listed {
  rideId: string;
  position: number;
  takeOver: boolean;
  rideState?: string;
  originalDriverId?: string;
}

/**
 * What the drivers of each vehicle type see on their lists, from their sockets: rides announced to
 * the type (newRideRequest, redistributedRide) until a removeRide newer than the announcement. Under
 * offer dispatch the offered driver alone gets a newRideRequest beside rideOffered, at the offer's
 * position: such entries are his offer, not a ride every driver may take.
 */
export class RideLists {
  private readonly byType = new Map<VehicleType, Map<string, Listed>>();
  private readonly offerPositions = new Set<number>();
  private readonly announced = new Set<string>();

  of(vehicleType: VehicleType): Map<string, Listed> {
    let listed = this.byType.get(vehicleType);
    if (!listed) this.byType.set(vehicleType, (listed = new Map()));
    return listed;
  }

  /** Kept at the newest position heard: a removeRide older than it (an offer's lapse before the ride opened to all) leaves it. */
  add(vehicleType: VehicleType, entry: Listed, announcement: boolean): void {
    const listed = this.of(vehicleType);
    if (announcement) this.announced.add(`${entry.rideId}@${entry.position}`);
    if ((listed.get(entry.rideId)?.position ?? -1) < entry.position) listed.set(entry.rideId, entry);
  }

  remove(vehicleType: VehicleType, rideId: string, position: number): void {
    const listed = this.of(vehicleType);
    const entry = listed.get(rideId);
    if (entry && entry.position < position) listed.delete(rideId);
  }

  offered(position: number): void {
    this.offerPositions.add(position);
  }

  /** The rides any driver of the type may take now. */
  open(vehicleType: VehicleType): Listed[] {
    return [...this.of(vehicleType).values()].filter((entry) => !this.offerPositions.has(entry.position));
  }

  /** Distinct announcements to every driver of a type: those not at an offer's position. */
  openedToAll(): number {
    return [...this.announced].filter((key) => !this.offerPositions.has(Number(key.split('@')[1]))).length;
  }
}
