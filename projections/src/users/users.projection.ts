import type { Kysely } from 'kysely';
import { USER_EVENT_TYPES, type DomainEvent, type UserEvent } from '@plantride/schemas';
import type { EventPosition, Projection } from '../projection';
import type { ReadModels } from '../read-models';
import { usersMigrations } from './users.migrations';

export const usersProjection: Projection<ReadModels> = {
  name: 'users',
  handles: USER_EVENT_TYPES,
  migrations: usersMigrations,
  async apply(event: DomainEvent, position: EventPosition, db: Kysely<ReadModels>) {
    const user = event as UserEvent;
    if (user.type === 'UserSignedUp') {
      const d = user.data;
      await db
        .insertInto('users')
        .values({ token_no: d.tokenNo, name: d.name, mobile: d.mobile, role: d.role, assigned_vehicle_type: null, is_blocked: false, created_at: position.recordedAt, last_position: position.streamPosition })
        .onConflict((oc) => oc.column('token_no').doNothing())
        .execute();
      return;
    }
    const change = (() => {
      switch (user.type) {
        case 'UserRoleChanged':
          return { role: user.data.role, assigned_vehicle_type: user.data.assignedVehicleType };
        case 'UserProfileUpdated':
          return { name: user.data.name, mobile: user.data.mobile };
        case 'UserBlocked':
          return { is_blocked: true };
        case 'UserUnblocked':
          return { is_blocked: false };
        case 'UserSignedOut':
          return {};
      }
    })();
    await db
      .updateTable('users')
      .set({ ...change, last_position: position.streamPosition })
      .where('token_no', '=', user.data.tokenNo)
      .where('last_position', '<', position.streamPosition)
      .execute();
  },
};
