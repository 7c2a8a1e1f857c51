import { plantDayOf, type DomainEvent, type InspectionSummary, type RideDriverInspection, type VehicleInspected } from '@plantride/schemas';

/** A driver taking a ride: accepting it, taking it over after a breakdown, or given it by staff (issue #32 item 4). */
export interface RideTake {
  operatorId: string;
  takenAt: string;
}

/** The take an event is, if it is one. */
export function takeOf(event: DomainEvent): RideTake | null {
  if (event.type === 'RideAccepted') return { operatorId: event.data.driverId, takenAt: event.data.acceptedAt };
  if (event.type === 'RideTakenOver') return { operatorId: event.data.driverId, takenAt: event.data.takenOverAt };
  if (event.type === 'RideAssigned') return { operatorId: event.data.driverId, takenAt: event.data.assignedAt };
  return null;
}

/** Each driver once, at the first time he took the ride (a driver who took his own ride back is one driver). */
export function firstTakes(takes: readonly RideTake[]): RideTake[] {
  const first = new Map<string, RideTake>();
  for (const take of takes) if (!first.has(take.operatorId)) first.set(take.operatorId, take);
  return [...first.values()];
}

/**
 * The rule of the ride audit (issue #21): a driver's inspection for a ride is his latest one on the
 * plant day he took it, at or before taking it; null if he had none that day by then.
 */
export function inspectionAtTake(take: RideTake, inspections: readonly VehicleInspected['data'][]): InspectionSummary | null {
  const day = plantDayOf(take.takenAt);
  const takenAt = Date.parse(take.takenAt);
  let latest: VehicleInspected['data'] | null = null;
  for (const inspection of inspections) {
    const at = Date.parse(inspection.inspectedAt);
    if (inspection.day !== day || at > takenAt) continue;
    // Stream order breaks a tie of instants: the later event is the later inspection.
    if (!latest || at >= Date.parse(latest.inspectedAt)) latest = inspection;
  }
  if (!latest) return null;
  const { inspectionId, passed, inspectedAt, items } = latest;
  const failed = items.filter((item) => !item.ok);
  return {
    inspectionId,
    day: latest.day,
    passed,
    inspectedAt,
    defects: failed.map((item) => item.text),
    photoIds: failed.flatMap((item) => item.photoIds ?? []),
  };
}

/** One entry per driver who took the ride, in the order they first took it, with his inspection by the rule above. */
export function rideInspections(
  takes: readonly RideTake[],
  inspectionsOf: ReadonlyMap<string, readonly VehicleInspected['data'][]>,
): RideDriverInspection[] {
  return firstTakes(takes).map((take) => ({
    operatorId: take.operatorId,
    inspection: inspectionAtTake(take, inspectionsOf.get(take.operatorId) ?? []),
  }));
}
