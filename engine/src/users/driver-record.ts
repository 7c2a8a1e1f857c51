import { driverStreamId, vehicleTypeSchema, type DomainEvent, type VehicleType } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';

export interface DriverRecordSummary {
  name: string;
  mobile: string;
  vehicleType: VehicleType | null;
}

/** The admin's driver record for an operator id, as far as signing up needs it; null when there is none. */
export async function driverRecordOf(store: EventStore, operatorId: string): Promise<DriverRecordSummary | null> {
  const events = (await store.readStream(driverStreamId(operatorId))).map(toDomainEvent);
  return events.reduce<DriverRecordSummary | null>((record, event: DomainEvent) => {
    if (event.type !== 'DriverAdded' && event.type !== 'DriverUpdated') return record;
    const vehicle = vehicleTypeSchema.safeParse(event.data.vehicleAssigned);
    return { name: event.data.name, mobile: event.data.mobile, vehicleType: vehicle.success ? vehicle.data : null };
  }, null);
}
