import { ROLE_GROUPS } from '../lib/role-home';
import { useSession } from '../lib/session.store';
import { useSlaBreachToasts } from '../features/staff/use-sla-breach-toasts';
import { useSiteChanges } from '../lib/site';

const STAFF: readonly string[] = ROLE_GROUPS.staff;

/**
 * What every screen listens for, whoever is signed in: staff hear missed service targets (an admin
 * books rides too), and everyone's places follow an admin's change of the site.
 */
export function StaffAlerts() {
  const staff = useSession((s) => s.user !== null && STAFF.includes(s.user.role));
  useSlaBreachToasts(staff);
  useSiteChanges();
  return null;
}
