import type { NavigateFunction } from 'react-router';
import { MESSAGES } from '@plantride/schemas';
import { applyLanguage } from '../../i18n/i18n';
import { toast } from '../../lib/toast';
import { roleHome } from '../../lib/role-home';
import { useSession } from '../../lib/session.store';
import type { signIn } from './api/sign-in';

export type SignedIn = Awaited<ReturnType<typeof signIn>>['user'];
type Language = Awaited<ReturnType<typeof signIn>>['language'];

/**
 * A signed-in user enters the app at his role's home (SPEC §2): a blocked account or an unknown role is
 * told so and stays out; his recorded language, if any, is spoken from then on. True when he entered. The sign-in form and a sign-up's own sign-in share it.
 */
export function enterSession(user: SignedIn, navigate: NavigateFunction, language: Language = null): boolean {
  const home = roleHome(user.role);
  if (user.is_blocked || !home) {
    toast.error(user.is_blocked ? MESSAGES.accountBlocked : MESSAGES.unknownRole);
    return false;
  }
  // The language his account recorded wins over this device's; never chosen, the device's stays.
  if (language) applyLanguage(language);
  useSession.getState().signIn(user);
  void navigate(home, { replace: true });
  return true;
}
