import type { Role } from '@plantride/schemas';

/**
 * Each role's home screen; sign-in compares the role case-insensitively (SPEC §6). Issue #32 item 5:
 * the admin and the maintenance head land on the dispatcher board (SPEC §2 sent the admin to the
 * requester's booking screen); requesters and drivers as the spec says.
 */
export function roleHome(role: string): string | null {
  switch (role.toLowerCase()) {
    case 'requester':
      return '/requester';
    case 'admin':
    case 'maintenancehead':
      return '/board';
    case 'driver':
      return '/driver';
    default:
      return null;
  }
}

export const ROLE_GROUPS = {
  requesterScreens: ['requester', 'admin'],
  driver: ['driver'],
  staff: ['admin', 'maintenanceHead'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
