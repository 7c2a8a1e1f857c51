import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { parseSignInAnswer } from '../../../lib/stored-user';

export function signIn(input: { token_no: string; password: string }) {
  return api('/api/auth/signin', { method: 'POST', body: input, schema: { parse: parseSignInAnswer }, anonymous: true, command: false });
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
