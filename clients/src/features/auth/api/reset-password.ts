import { useMutation } from '@tanstack/react-query';
import { resetPasswordAnswerSchema } from '@plantride/schemas';
import { api } from '../../../lib/api-client';

/** A new password with the one-time reset code the admin gave (POST /api/auth/reset-password). */
export function resetPassword(input: { token_no: string; activation_code: string; password: string }) {
  return api('/api/auth/reset-password', { method: 'POST', body: input, schema: resetPasswordAnswerSchema, anonymous: true });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
