import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SubscriptionView {
  plan: 'FREE' | 'UNLIMITED';
  status: 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired';
  currentPeriodEnd: string;
  nextChargeAt: string | null;
  cancelledAt: string | null;
  amountCents: number;
  card: { brand: string; last4: string } | null;
}

export function useSubscription() {
  return useQuery({
    queryKey: ['subscription'],
    queryFn: () => api.get<{ subscription: SubscriptionView | null }>('/api/billing/subscription').then((b) => b.subscription),
  });
}

/** Cancel any time (decisions D7): no more charges; the plan stays until the paid period ends. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/billing/cancel', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['subscription'] }),
  });
}
