import { api } from '../lib/api-client';
import { useSession } from '../lib/session.store';
import { applyLanguage } from './i18n';
import { isLanguage, type Language } from './languages';

const answered = { parse: (value: unknown) => value };

/**
 * The person chose a language in the menu: the screens speak it at once and the device remembers it;
 * signed in, it is recorded on his account too, so his next sign-in anywhere speaks it. A failed save
 * leaves the screens in the language chosen (the next choice saves again).
 */
export function chooseLanguage(language: Language): Promise<void> {
  applyLanguage(language);
  if (!useSession.getState().user) return Promise.resolve();
  return api('/api/users/me/language', { method: 'PUT', body: { language }, schema: answered }).then(
    () => undefined,
    () => undefined,
  );
}

/** The language the account recorded (GET /api/users/me), or null when he never chose one. */
export async function recordedLanguage(): Promise<Language | null> {
  const profile = await api('/api/users/me', { schema: answered });
  const language = profile && typeof profile === 'object' && 'language' in profile ? profile.language : null;
  return isLanguage(language) ? language : null;
}
