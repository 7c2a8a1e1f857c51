import { useTranslation } from 'react-i18next';
import { chooseLanguage } from './choose-language';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from './languages';

/**
 * English, मराठी, हिंदी, each written in itself: on the sign-in screen and in the signed-in app bar.
 * A plain select (no MUI), so /signin loads without it; 48 px tall for gloved fingers (base.css).
 */
export function LanguageMenu({ tone = 'light' }: { tone?: 'light' | 'onPrimary' }) {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={`language-menu language-menu-${tone}`}
      aria-label={t('common.language')}
      value={i18n.language}
      data-testid="language-menu"
      onChange={(event) => {
        const next = event.target.value;
        if (isLanguage(next)) void chooseLanguage(next);
      }}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
