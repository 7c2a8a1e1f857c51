import { ROLE_GROUPS } from '../lib/role-home';
import { useSession } from '../lib/session.store';
import { useSlaBreachToasts } from '../features/staff/use-sla-breach-toasts';

const STAFF: readonly string[] = ROLE_GROUPS.staff;

/** Alerts staff hear wherever they are in the app (an admin books rides too): missed service targets. */
export function StaffAlerts() {
  const staff = useSession((s) => s.user !== null && STAFF.includes(s.user.role));
  useSlaBreachToasts(staff);
  return null;
}
