import { userStreamId, type VehicleType } from '@plantride/schemas';
import { handleCommand, type CommandContext } from '../commands/command-handler';
import { commandIdFromKey } from '../commands/event-ids';
import { ConcurrencyError, type EventStore } from '../event-store/event-store';
import { userDecider } from '../users/user.decider';
import { loadUser } from '../users/user-stream';

const ATTEMPTS = 3;

/**
 * Makes the account on a driver record's operator id a driver of the record's vehicle type.
 * Idempotent: an account already so changes nothing, and so does one not signed up yet (signing
 * up reads the record). Staff accounts keep their role: a driver record never demotes an admin.
 * Returns the position of the role change, or null when nothing was appended.
 */
export async function grantDriverRole(store: EventStore, operatorId: string, vehicleAssigned: VehicleType | '', cause: CommandContext): Promise<number | null> {
  // Its own command id, derived from the cause's, so a retried cause retries this too and never doubles it.
  const context: CommandContext = { ...cause, commandId: commandIdFromKey('driver-role', cause.commandId), causationId: cause.commandId, idempotent: true };
  for (let attempt = 1; ; attempt++) {
    const user = await loadUser(store, operatorId);
    if (!user || user.role === 'admin' || user.role === 'maintenanceHead') return null;
    try {
      const result = await handleCommand(
        store,
        userStreamId(operatorId),
        userDecider,
        { type: 'ChangeUser', data: { tokenNo: operatorId, role: 'driver', assignedVehicleType: vehicleAssigned || null } },
        context,
      );
      return result.events.length > 0 ? result.position : null;
    } catch (error) {
      // The account changed meanwhile (a sign-out, an admin's edit): read it again.
      if (!(error instanceof ConcurrencyError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
