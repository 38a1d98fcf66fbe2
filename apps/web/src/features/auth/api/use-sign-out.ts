import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { api } from '@/lib/api-client';
import { forgetAnswers } from '@/lib/offline-answers';
import { sessionQueryKey } from '@/lib/session';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useMutation({
    // The answers kept on this phone go at once, even if the server cannot be reached.
    onMutate: () => forgetAnswers(),
    mutationFn: () => api.post('/api/auth/sign-out', {}),
    onSuccess: () => {
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
      toast({ title: t('auth.signedOut'), variant: 'success' });
      void navigate('/login');
    },
    onError: () => toast({ title: t('auth.logoutError'), variant: 'destructive' }),
  });
}
