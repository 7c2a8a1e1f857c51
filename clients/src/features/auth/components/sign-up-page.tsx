import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { LIMITS, MESSAGES } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { signUpError } from '../auth-validation';
import { AuthCard, AuthError, AuthHint, AuthSubmit } from './auth-card';
import { PasswordField } from './password-field';
import { TokenField } from './token-field';

export function SignUpPage() {
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const signUp = useSignUp();
  const navigate = useNavigate();
  const error = signUpError(token, password);
  const touched = token !== '' || password !== '';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/signin'), LIMITS.redirectAfterSignupMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = () => {
    if (error || signUp.isPending || done) return;
    signUp.mutate(
      { token_no: token.trim().toUpperCase(), password },
      {
        onSuccess: () => {
          toast.success(MESSAGES.signupSucceeded);
          setDone(true);
        },
        onError: (e) => toast.error(e instanceof ApiError ? messageOf(e, MESSAGES.signupFailed) : MESSAGES.serverErrorTryLater),
      },
    );
  };

  return (
    <AuthCard title={MESSAGES.createYourAccount} onSubmit={submit}>
      <TokenField value={token} onChange={setToken} />
      <PasswordField value={password} onChange={setPassword} autoComplete="new-password" />
      {touched && error && <AuthError>{error}</AuthError>}
      <AuthSubmit disabled={Boolean(error) || signUp.isPending || done}>Sign Up</AuthSubmit>
      <AuthHint>
        Already have an account?{' '}
        <Link to="/signin">Sign in</Link>
      </AuthHint>
    </AuthCard>
  );
}
