import { Navigate } from 'react-router';
import { useSession } from '../lib/session.store';
import { roleHome } from '../lib/role-home';

/** `/`: no user to /signin, a known role to its home, an unknown role to /signup (SPEC §2). */
export function RootRedirect() {
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to="/signin" replace />;
  return <Navigate to={roleHome(user.role) ?? '/signup'} replace />;
}
