import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Sends the password reset e-mail (the same answer whether or not the address has an account). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => api.post('/api/auth/request-password-reset', { email }) });
}

/** Sets the new password with the token from the e-mail link. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, newPassword }: { token: string; newPassword: string }) => api.post('/api/auth/reset-password', { token, newPassword }),
  });
}
