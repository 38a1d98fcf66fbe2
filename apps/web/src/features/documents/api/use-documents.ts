import type { DocumentItem } from '@camino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { DocumentItem };

/** Spec call 16: the catalog, newest first; fetched again on every visit, never from a cache. */
export function useDocuments() {
  return useQuery({
    queryKey: ['documents'],
    queryFn: () => api.get<{ documents: DocumentItem[] }>('/api/documents').then((b) => b.documents),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

/** Spec call 17: a signed download link, valid 3600 s. */
export function requestDownloadUrl(id: string): Promise<{ url: string; expiresAt: string }> {
  return api.post<{ url: string; expiresAt: string }>(`/api/documents/${id}/download`);
}
