import { maintenanceStreamId, type MaintenanceEvent } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { maintenanceDecider, type MaintenanceState } from './maintenance.decider';

/** A maintenance request as its stream tells it now; null when there is none. */
export async function loadMaintenance(store: EventStore, requestId: string): Promise<MaintenanceState> {
  const events = await store.readStream(maintenanceStreamId(requestId));
  return events.reduce((state, event) => maintenanceDecider.evolve(state, toDomainEvent(event) as MaintenanceEvent), maintenanceDecider.initialState());
}
