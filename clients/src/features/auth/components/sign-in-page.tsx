import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';
import { signInError } from '../auth-validation';
import { enterSession } from '../enter-session';
import { AuthCard, AuthError, AuthHint, AuthSubmit } from './auth-card';
import { PasswordField } from './password-field';
import { TokenField } from './token-field';
import { useTranslation } from 'react-i18next';

export function SignInPage() {
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const error = signInError(token, password);
  const touched = token !== '' || password !== '';

  const submit = () => {
    if (error || signIn.isPending) return;
    // A failed attempt's error toast does not stay beside the next attempt's outcome.
    toast.dismissErrors();
    signIn.mutate(
      { token_no: token.trim().toUpperCase(), password },
      {
        onSuccess: ({ user, language }) => void enterSession(user, navigate, language),
        onError: (e) => toast.error(e instanceof ApiError ? messageOf(e, MESSAGES.loginFailed) : MESSAGES.serverErrorTryLater),
      },
    );
  };

  return (
    <AuthCard title={t('auth.welcomeBack')} onSubmit={submit}>
      <TokenField value={token} onChange={setToken} />
      <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
      {touched && error && <AuthError>{error}</AuthError>}
      <AuthSubmit disabled={Boolean(error) || signIn.isPending}>{t('auth.signIn')}</AuthSubmit>
      <AuthHint>
        {t('auth.newHere')} <Link to="/signup">{t('auth.signUpLink')}</Link>
      </AuthHint>
      <AuthHint>
        {t('auth.forgotPassword')} <Link to="/reset-password">{t('auth.setNewPasswordLink')}</Link>
      </AuthHint>
    </AuthCard>
  );
}
