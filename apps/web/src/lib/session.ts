import type { MeResponse, SessionUser } from '@camino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

export function fetchSession(): Promise<SessionUser | null> {
  return api.get<MeResponse>('/api/me').then((body) => body.user);
}

/** The signed-in user, or null. An expired or unknown session is simply null. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
}
