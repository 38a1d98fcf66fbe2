import type { Usage } from '@camino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const usageQueryKey = (mode: 'user' | 'guest') => ['usage', mode] as const;

/** Consultations used and left (the server's count, never the browser's). */
export function useUsage(mode: 'user' | 'guest' = 'user') {
  return useQuery({
    queryKey: usageQueryKey(mode),
    queryFn: () => api.get<Usage>(`/api/assistant/usage?mode=${mode}&tz=${new Date().getTimezoneOffset()}`),
    staleTime: 0,
  });
}
