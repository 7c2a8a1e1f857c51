import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { LIMITS, MESSAGES } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { signUpError } from '../auth-validation';
import { AccessCodeField } from './access-code-field';
import { AuthCard, AuthError, AuthHint, AuthNotice, AuthSubmit } from './auth-card';
import { PasswordField } from './password-field';
import { TokenField } from './token-field';

export function SignUpPage() {
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // 'done' redirects to sign-in (SPEC); 'pending' stays to say the driver account waits for the admin.
  const [done, setDone] = useState<false | 'done' | 'pending'>(false);
  const [pendingMessage, setPendingMessage] = useState('');
  const signUp = useSignUp();
  const navigate = useNavigate();
  const error = signUpError(token, password);
  const touched = token !== '' || password !== '';

  useEffect(() => {
    if (done !== 'done') return;
    const timer = setTimeout(() => void navigate('/signin'), LIMITS.redirectAfterSignupMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = () => {
    if (error || signUp.isPending || done) return;
    const activationCode = code.replace(/[\s-]/g, '');
    // A failed attempt's error toast does not stay beside the next attempt's outcome.
    toast.dismissErrors();
    signUp.mutate(
      { token_no: token.trim().toUpperCase(), password, ...(activationCode ? { activation_code: activationCode } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.pendingApproval) {
            setPendingMessage(answer.message);
            setDone('pending');
            return;
          }
          toast.success(MESSAGES.signupSucceeded);
          setDone('done');
        },
        onError: (e) => toast.error(e instanceof ApiError ? messageOf(e, MESSAGES.signupFailed) : MESSAGES.serverErrorTryLater),
      },
    );
  };

  return (
    <AuthCard title={MESSAGES.createYourAccount} onSubmit={submit}>
      <TokenField value={token} onChange={setToken} />
      <PasswordField value={password} onChange={setPassword} autoComplete="new-password" />
      <AccessCodeField label="Activation Code (drivers)" value={code} onChange={setCode} optional />
      {touched && error && <AuthError>{error}</AuthError>}
      <AuthSubmit disabled={Boolean(error) || signUp.isPending || Boolean(done)}>Sign Up</AuthSubmit>
      {done === 'pending' ? (
        <AuthNotice>
          {pendingMessage} <Link to="/signin">Sign in</Link>
        </AuthNotice>
      ) : (
        <AuthHint>
          Drivers: type the activation code the admin gave you; without it your driver account waits for the admin&apos;s approval.
        </AuthHint>
      )}
      <AuthHint>
        Already have an account? <Link to="/signin">Sign in</Link>
      </AuthHint>
    </AuthCard>
  );
}
