import { useTranslation } from 'react-i18next';

/** The router's fallback for anything a screen throws; plain elements (base.css), so it needs no lazy chunk. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="plain-page">
      <h1 role="alert">{t('messages.unexpectedApplicationError')}</h1>
    </main>
  );
}
