import { useMutation } from '@tanstack/react-query';
import { signUpAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export function signUp(input: { token_no: string; password: string }) {
  return api('/api/auth/signup', { method: 'POST', body: input, schema: signUpAnswerSchema, anonymous: true });
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
