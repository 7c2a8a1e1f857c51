import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth.css';
import { LanguageMenu } from '../../../i18n/language-menu';
import { translateMessage } from '../../../i18n/translate-message';

interface AuthCardProps {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** The centred card both sign-in and sign-up use; plain elements, so /signin loads without MUI. */
export function AuthCard({ title, onSubmit, children }: AuthCardProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <main className="auth-page">
      <div className="auth-card">
        <div className="auth-language">
          <LanguageMenu />
        </div>
        <h1>{t('common.appName')}</h1>
        <h2>{title}</h2>
        <form className="auth-form" noValidate onSubmit={submit} aria-label={title}>
          {children}
        </form>
      </div>
    </main>
  );
}

/** The form's one message under the fields (SPEC §5 texts). */
export const AuthError = ({ children }: { children: string }) => <p className="auth-error">{translateMessage(children)}</p>;

/** The contained submit button. */
export const AuthSubmit = ({ disabled, children }: { disabled: boolean; children: ReactNode }) => (
  <button type="submit" className="auth-submit" disabled={disabled}>
    {children}
  </button>
);

/** The line under the button that links to the other form. */
export const AuthHint = ({ children }: { children: ReactNode }) => <p className="auth-hint">{children}</p>;

/** A note in the card (role status, read out when it appears). */
export const AuthNotice = ({ children }: { children: ReactNode }) => (
  <p className="auth-notice" role="status">
    {children}
  </p>
);
