import type { MeResponse, SessionUser } from '@camino/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

let started: Promise<SessionUser | null> | null = null;

/**
 * Asks /api/me now (main.tsx, before React starts); the first session query takes this answer instead
 * of asking again. The query stays pending until then, so the first render matches the page rendered
 * at build time (signed in or not is not known there).
 */
export function startSessionFetch(): void {
  started = fetchSession();
  started.catch(() => {});
}

export function fetchSession(): Promise<SessionUser | null> {
  return api.get<MeResponse>('/api/me').then((body) => body.user);
}

function firstOrFetchSession(): Promise<SessionUser | null> {
  const early = started;
  started = null;
  return early ?? fetchSession();
}

/** The signed-in user, or null. An expired or unknown session is simply null. */
export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: firstOrFetchSession, staleTime: 60_000 });
}
