import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchSession, sessionQueryKey } from '@/lib/session';

export interface EmailCredentials {
  email: string;
  password: string;
}

/** Spec call 3: sign in with e-mail and password; the session arrives as an HttpOnly cookie. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: EmailCredentials) => {
      await api.post('/api/auth/sign-in/email', credentials);
      return fetchSession();
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
