import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { LIMITS, MESSAGES } from '@plantride/schemas';
import { ApiError, messageOf } from '../../../lib/api-client';
import { signIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { enterSession, type SignedIn } from '../enter-session';
import { signUpError } from '../auth-validation';
import { AccessCodeField } from './access-code-field';
import { AuthCard, AuthError, AuthHint, AuthNotice, AuthSubmit } from './auth-card';
import { PasswordField } from './password-field';
import { TokenField } from './token-field';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';

export function SignUpPage() {
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // 'done' signs the new account in and goes to its home (SPEC: to sign-in; DECISIONS.md); 'pending'
  // stays to say the driver account waits for the admin.
  const [done, setDone] = useState<false | 'done' | 'pending'>(false);
  const [signedIn, setSignedIn] = useState<SignedIn | null | undefined>(undefined);
  const [pendingMessage, setPendingMessage] = useState('');
  const signUp = useSignUp();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const error = signUpError(token, password);
  const touched = token !== '' || password !== '';

  // After the spec's pause, in with the sign-in the sign-up made; without one (it failed), to sign-in.
  useEffect(() => {
    if (done !== 'done' || signedIn === undefined) return;
    const timer = setTimeout(() => {
      if (!signedIn || !enterSession(signedIn, navigate)) void navigate('/signin');
    }, LIMITS.redirectAfterSignupMs);
    return () => clearTimeout(timer);
  }, [done, signedIn, navigate]);

  const submit = () => {
    if (error || signUp.isPending || done) return;
    const activationCode = code.replace(/[\s-]/g, '');
    // A failed attempt's error toast does not stay beside the next attempt's outcome.
    toast.dismissErrors();
    const tokenNo = token.trim().toUpperCase();
    signUp.mutate(
      { token_no: tokenNo, password, ...(activationCode ? { activation_code: activationCode } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.pendingApproval) {
            setPendingMessage(answer.message);
            setDone('pending');
            return;
          }
          toast.success(MESSAGES.signupSucceeded);
          setDone('done');
          // The account just made signs in with what was typed: nobody types it twice.
          signIn({ token_no: tokenNo, password }).then(
            ({ user }) => setSignedIn(user),
            () => setSignedIn(null),
          );
        },
        onError: (e) => toast.error(e instanceof ApiError ? messageOf(e, MESSAGES.signupFailed) : MESSAGES.serverErrorTryLater),
      },
    );
  };

  return (
    <AuthCard title={t('messages.createYourAccount')} onSubmit={submit}>
      <TokenField value={token} onChange={setToken} />
      <PasswordField value={password} onChange={setPassword} autoComplete="new-password" />
      <AccessCodeField label={t('auth.activationCode')} value={code} onChange={setCode} optional />
      {touched && error && <AuthError>{error}</AuthError>}
      <AuthSubmit disabled={Boolean(error) || signUp.isPending || Boolean(done)}>{t('auth.signUp')}</AuthSubmit>
      {done === 'pending' ? (
        <AuthNotice>
          {translateMessage(pendingMessage)} <Link to="/signin">{t('auth.signInLink')}</Link>
        </AuthNotice>
      ) : (
        <AuthHint>{t('auth.driversHint')}</AuthHint>
      )}
      <AuthHint>
        {t('auth.haveAccount')} <Link to="/signin">{t('auth.signInLink')}</Link>
      </AuthHint>
    </AuthCard>
  );
}
