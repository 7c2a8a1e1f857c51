import { MESSAGES, SERVER_MESSAGES, driverStreamId, type DriverEvent } from '@plantride/schemas';
import type { EventStore } from '../event-store/event-store';
import { toDomainEvent } from '../event-store/upcast';
import { forbidden } from '../commands/errors';
import { driverDecider, type DriverState } from './driver.decider';

/** The driver record and its blocks as the `driver-{operatorId}` stream tells them now, without read-model lag. */
export async function loadDriver(store: EventStore, operatorId: string): Promise<DriverState> {
  const events = await store.readStream(driverStreamId(operatorId));
  return events.reduce((state, event) => driverDecider.evolve(state, toDomainEvent(event) as DriverEvent), driverDecider.initialState());
}

export type DriverRecordState = DriverState & { record: NonNullable<DriverState['record']> };

/**
 * Refuses a driver who may not take or carry out rides: no driver record, under maintenance,
 * marked Not Active, or access withdrawn. Accepting gets the spec's toast text; the steps say why.
 */
export function assertMayDrive(state: DriverState, action: 'accept' | 'step'): asserts state is DriverRecordState {
  if (!state.record) throw forbidden(SERVER_MESSAGES.driverNotFound);
  const blockedFor = state.blockedFor ? SERVER_MESSAGES.driverBlockedForMaintenance : state.record.status !== 'Active' || !state.accessActive ? SERVER_MESSAGES.driverNotActive : null;
  if (blockedFor) throw forbidden(action === 'accept' ? MESSAGES.blockedCannotAccept : blockedFor);
}
