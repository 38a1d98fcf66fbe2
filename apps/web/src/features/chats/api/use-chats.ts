import type { SavedChat } from '@camino/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const chatsQueryKey = ['chats'] as const;

/** Spec call 12: the signed-in user's chats, newest first (the server filters by the session). */
export function useChats() {
  return useQuery({
    queryKey: chatsQueryKey,
    queryFn: () => api.get<{ chats: SavedChat[] }>('/api/chats').then((body) => body.chats),
  });
}

/** Spec call 13: delete a chat, then refresh the list. */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send('DELETE', `/api/chats/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatsQueryKey }),
  });
}
