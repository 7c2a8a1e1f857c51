import type { Role } from '@plantride/schemas';

/** Each role's home screen (SPEC §2); sign-in compares the role case-insensitively (SPEC §6). */
export function roleHome(role: string): string | null {
  switch (role.toLowerCase()) {
    case 'requester':
    case 'admin':
      return '/requester';
    case 'driver':
      return '/driver';
    case 'maintenancehead':
      return '/maintenance-head';
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
