import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchSession, sessionQueryKey } from '@/lib/session';

export interface EmailSignUp {
  firstName: string;
  email: string;
  password: string;
}

/** Spec call 2: sign up with e-mail, password and first name (signed in right away). */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ firstName, email, password }: EmailSignUp) => {
      await api.post('/api/auth/sign-up/email', { name: firstName, email, password });
      return fetchSession();
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
