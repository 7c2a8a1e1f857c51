import { USER_EVENT_TYPES, type UserEvent } from '@plantride/schemas';
import { rowProjection } from '../row-projection';
import { usersMigrations } from './users.migrations';

export const usersProjection = rowProjection({
  name: 'users',
  table: 'users',
  key: 'token_no',
  handles: USER_EVENT_TYPES,
  migrations: usersMigrations,
  createdBy: 'UserSignedUp',
  keyOf: (event: UserEvent) => event.data.tokenNo,
  create: ({ data }, position) => ({
    token_no: data.tokenNo,
    name: data.name,
    mobile: data.mobile,
    role: data.role,
    assigned_vehicle_type: null,
    is_blocked: false,
    driver_registration: null,
    created_at: position.recordedAt,
  }),
  change(event) {
    switch (event.type) {
      case 'UserRoleChanged':
        return { role: event.data.role, assigned_vehicle_type: event.data.assignedVehicleType };
      case 'UserProfileUpdated':
        return { name: event.data.name, mobile: event.data.mobile };
      case 'UserBlocked':
        return { is_blocked: true };
      case 'UserUnblocked':
        return { is_blocked: false };
      case 'UserSignedOut':
      case 'LanguageChosen':
      case 'PasswordResetCodeIssued':
      case 'UserPasswordReset':
        // Secrets (a code's or a password's hash) never reach a read model; the language is the
        // account's own preference, read from its stream, and no list shows it.
        return {};
      case 'DriverRegistrationRequested':
        return { driver_registration: 'pending' };
      case 'DriverRegistrationApproved':
        return { driver_registration: 'approved' };
      case 'DriverRegistrationRejected':
        return { driver_registration: 'rejected' };
    }
  },
});
