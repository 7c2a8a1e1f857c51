import { useMutation } from '@tanstack/react-query';
import { signInAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

export function signIn(input: { token_no: string; password: string }) {
  return api('/api/auth/signin', { method: 'POST', body: input, schema: signInAnswerSchema, anonymous: true });
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
