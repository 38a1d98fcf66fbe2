import type { Profile, ProfileUpdate, SessionUser } from '@camino/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session';

/** Spec call 9: update the signed-in user's own profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileUpdate) => api.send<Profile>('PATCH', '/api/profile', patch),
    onSuccess: (profile) => {
      queryClient.setQueryData<SessionUser | null>(sessionQueryKey, (user) => (user ? { ...user, profile } : user));
    },
  });
}
