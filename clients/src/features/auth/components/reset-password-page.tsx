import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { MESSAGES } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { signUpError } from '../auth-validation';
import { AccessCodeField } from './access-code-field';
import { AuthCard, AuthError, AuthHint, AuthSubmit } from './auth-card';
import { PasswordField } from './password-field';
import { TokenField } from './token-field';
import { useTranslation } from 'react-i18next';

/** /reset-password (ours): token number, the one-time code the admin gave, and a new password; then sign in. */
export function ResetPasswordPage() {
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const activationCode = code.replace(/[\s-]/g, '');
  // The new password follows the sign-up rules; the code is needed.
  const error = signUpError(token, password) ?? (activationCode ? null : t('auth.enterResetCode'));
  const touched = token !== '' || password !== '' || code !== '';

  const submit = () => {
    if (error || reset.isPending) return;
    // A failed attempt's error toast does not stay beside the next attempt's outcome.
    toast.dismissErrors();
    reset.mutate(
      { token_no: token.trim().toUpperCase(), activation_code: activationCode, password },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          void navigate('/signin', { replace: true });
        },
        onError: (e) => toast.error(e instanceof ApiError ? messageOf(e, t('auth.passwordNotChanged')) : MESSAGES.serverErrorTryLater),
      },
    );
  };

  return (
    <AuthCard title={t('auth.setNewPassword')} onSubmit={submit}>
      <TokenField value={token} onChange={setToken} />
      <AccessCodeField label={t('auth.resetCode')} value={code} onChange={setCode} />
      <PasswordField value={password} onChange={setPassword} autoComplete="new-password" />
      {touched && error && <AuthError>{error}</AuthError>}
      <AuthSubmit disabled={Boolean(error) || reset.isPending}>{t('auth.setPassword')}</AuthSubmit>
      <AuthHint>{t('auth.resetHint')}</AuthHint>
      <AuthHint>
        {t('auth.rememberedIt')} <Link to="/signin">{t('auth.signInLink')}</Link>
      </AuthHint>
    </AuthCard>
  );
}
