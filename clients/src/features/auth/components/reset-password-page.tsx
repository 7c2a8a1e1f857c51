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

/** /reset-password (ours): token number, the one-time code the admin gave, and a new password; then sign in. */
export function ResetPasswordPage() {
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const reset = useResetPassword();
  const navigate = useNavigate();
  const activationCode = code.replace(/[\s-]/g, '');
  // The new password follows the sign-up rules; the code is needed.
  const error = signUpError(token, password) ?? (activationCode ? null : 'Please enter the code the admin gave you.');
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
        onError: (e) => toast.error(e instanceof ApiError ? messageOf(e, 'Could not change the password.') : MESSAGES.serverErrorTryLater),
      },
    );
  };

  return (
    <AuthCard title="Set a new password" onSubmit={submit}>
      <TokenField value={token} onChange={setToken} />
      <AccessCodeField label="Reset Code" value={code} onChange={setCode} />
      <PasswordField value={password} onChange={setPassword} autoComplete="new-password" />
      {touched && error && <AuthError>{error}</AuthError>}
      <AuthSubmit disabled={Boolean(error) || reset.isPending}>Set Password</AuthSubmit>
      <AuthHint>The admin gives you the one-time reset code in person. Your other sessions end when the password changes.</AuthHint>
      <AuthHint>
        Remembered it? <Link to="/signin">Sign in</Link>
      </AuthHint>
    </AuthCard>
  );
}
