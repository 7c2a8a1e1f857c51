import { useSession } from '../../../lib/session.store';
import { BookingScreen } from './booking-screen';

/** /available-rides */
export function FixedRidePage() {
  const user = useSession((s) => s.user);
  return user ? <BookingScreen kind="fixed" user={user} /> : null;
}
