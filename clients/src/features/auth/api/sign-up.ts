import { useMutation } from '@tanstack/react-query';
import { signUpAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** The form's fields; `activation_code` only when the recorded driver typed the code the admin gave him. */
export function signUp(input: { token_no: string; password: string; activation_code?: string }) {
  return api('/api/auth/signup', { method: 'POST', body: input, schema: signUpAnswerSchema, anonymous: true });
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
