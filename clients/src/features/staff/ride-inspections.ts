import type { RideDriverInspection, TimelineEvent } from '@plantride/schemas';

export interface RideInspectionLine {
  operatorId: string;
  /** 'Name (id)', or the id alone when the ride's events gave no name. */
  driver: string;
  inspection: RideDriverInspection['inspection'];
}

/** Each driver who took the ride with his inspection that day, named as the ride's accept and take-over events named him. */
export function rideInspectionLines(inspections: readonly RideDriverInspection[], events: readonly TimelineEvent[]): RideInspectionLine[] {
  const names = new Map<string, string>();
  for (const event of events) {
    if (event.type !== 'RideAccepted' && event.type !== 'RideTakenOver' && event.type !== 'RideAssigned') continue;
    const { driverId, driverName } = event.data;
    if (typeof driverId === 'string' && typeof driverName === 'string' && driverName.trim()) names.set(driverId, driverName.trim());
  }
  return inspections.map(({ operatorId, inspection }) => {
    const name = names.get(operatorId);
    return { operatorId, driver: name ? `${name} (${operatorId})` : operatorId, inspection };
  });
}
