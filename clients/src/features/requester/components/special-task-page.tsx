import { useSession } from '../../../lib/session.store';
import { BookingScreen } from './booking-screen';

/** /special-task-ride */
export function SpecialTaskPage() {
  const user = useSession((s) => s.user);
  return user ? <BookingScreen kind="special" user={user} /> : null;
}
