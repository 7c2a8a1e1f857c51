import { Navigate, Outlet } from 'react-router';
import type { Role } from '@plantride/schemas';
import { useSession } from '../lib/session.store';

/** Convenience only: the server decides what data anyone gets. The role must match exactly (SPEC §6). */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const user = useSession((s) => s.user);
  if (!user || !roles.includes(user.role)) return <Navigate to="/signin" replace />;
  return <Outlet />;
}
