import { LANGUAGES, type Language } from '@plantride/schemas';

export { LANGUAGES, type Language };

/** Each language's name written in itself: the menu shows it so, whatever the screen's language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', mr: 'मराठी', hi: 'हिंदी' };

/** The locale dates, times and numbers are written in (India's conventions in each language). */
export const LOCALES: Record<Language, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };

/** The device's last choice is kept under this key, for the sign-in screen and before the server answers. */
export const LANGUAGE_STORAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The first of the browser's languages PlantRide speaks, by its primary subtag ('mr-IN' → mr); else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** Before sign-in: the device's last choice, else the browser's, else English. */
export function deviceLanguage(storage: Pick<Storage, 'getItem'>, preferred: readonly string[]): Language {
  let stored: string | null = null;
  try {
    stored = storage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage refused (private mode): the browser's languages decide
  }
  return isLanguage(stored) ? stored : browserLanguage(preferred);
}
