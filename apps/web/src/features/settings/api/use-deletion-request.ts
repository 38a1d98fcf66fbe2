import type { PendingDeletion } from '@camino/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['deletion-request'] as const;

/** The signed-in user's pending account-deletion request, if any. */
export function usePendingDeletion() {
  return useQuery({ queryKey: key, queryFn: () => api.get<PendingDeletion>('/api/account/deletion-request') });
}

/** Withdraws it. */
export function useWithdrawDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.send<PendingDeletion>('DELETE', '/api/account/deletion-request'),
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
