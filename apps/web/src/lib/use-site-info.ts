import type { SiteInfo } from '@camino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Who runs the service and the real counter (decisions D14), from GET /api/site. */
export function useSiteInfo() {
  return useQuery({ queryKey: ['site'], queryFn: () => api.get<SiteInfo>('/api/site'), staleTime: 60_000 });
}
