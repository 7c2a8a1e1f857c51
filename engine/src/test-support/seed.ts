import { randomUUID } from 'node:crypto';
import { userStreamId, type Role, type VehicleType } from '@plantride/schemas';
import type { App } from '../app';

export interface SeedUser {
  tokenNo: string;
  role: Role;
  name?: string;
  mobile?: string;
  vehicleType?: VehicleType;
}

/** Appends a user's events straight to the store (no HTTP) and waits until the read models have them. */
export async function seedUsers(app: App, users: SeedUser[]): Promise<void> {
  let position = 0;
  for (const user of users) {
    const events = [
      { eventId: randomUUID(), type: 'UserSignedUp', schemaVersion: 1, data: { tokenNo: user.tokenNo, name: user.name ?? `User ${user.tokenNo}`, mobile: user.mobile ?? '9000000000', role: 'requester', passwordHash: 'not-a-real-hash' } },
    ];
    if (user.role !== 'requester' || user.vehicleType) {
      events.push({ eventId: randomUUID(), type: 'UserRoleChanged', schemaVersion: 1, data: { tokenNo: user.tokenNo, role: user.role, assignedVehicleType: user.vehicleType ?? null } as never });
    }
    ({ position } = await app.eventStore.append(userStreamId(user.tokenNo), 0, events, { commandId: randomUUID(), actor: { system: 'test-seed' } }));
  }
  if (!(await app.projections.waitForPosition(position, 10_000))) throw new Error('read models did not catch up with the seeded users');
}
