import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchSession, sessionQueryKey } from '@/lib/session';

/** Spec call 5: verify the SMS code; creates the account on first verification and signs in. */
export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ phoneNumber, code }: { phoneNumber: string; code: string }) => {
      await api.post('/api/auth/phone-number/verify', { phoneNumber, code });
      return fetchSession();
    },
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
