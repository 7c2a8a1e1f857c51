import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { hi } from './hi';
import { mr } from './mr';
import { deviceLanguage, isLanguage, LANGUAGE_STORAGE_KEY, LOCALES, type Language } from './languages';

/**
 * The one i18next instance: catalogues bundled (no fetching), English as the fallback. React escapes
 * what it renders, so interpolation does not escape again.
 */
export const i18n = i18next.createInstance();

const startLanguage: Language = typeof window === 'undefined' ? 'en' : deviceLanguage(localStorage, navigator.languages ?? []);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, mr: { translation: mr }, hi: { translation: hi } },
  lng: startLanguage,
  fallbackLng: 'en',
  supportedLngs: ['en', 'mr', 'hi'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = startLanguage;

/** The language the screens speak now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** The locale dates and numbers are written in now ('en-IN', 'mr-IN', 'hi-IN'). */
export const currentLocale = (): string => LOCALES[currentLanguage()];

/**
 * The Devanagari faces, fetched only for Devanagari text: a screen redrawn in Marathi or Hindi before they
 * came kept some button labels as boxes after they had (Chromium, session 26), so a switch waits for them.
 */
function devanagariLoaded(): Promise<unknown> | null {
  if (typeof document === 'undefined' || !document.fonts) return null;
  const load = (weight: number) => document.fonts.load(`${weight} 1em "Noto Sans Devanagari"`, 'क');
  return Promise.all([400, 500, 700].map(load)).catch(() => undefined);
}

/** Speak `language` (once its font is there): the screens, `<html lang>`, and the device's memory for the next sign-in screen. */
export function applyLanguage(language: Language): void {
  const speak = () => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  };
  const fonts = language === 'en' ? null : devanagariLoaded();
  if (fonts) void fonts.then(speak);
  else speak();
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage refused: the choice lasts this page's life
  }
}
