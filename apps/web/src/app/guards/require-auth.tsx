import { STORAGE_KEYS } from '@camino/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';

/**
 * The protected-section guard (spec section 2): 'Verificando tu sesión...' while checking; the page
 * when signed in; otherwise /login carrying the requested path.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const toasted = useRef(false);
  const signedOut = !session.isPending && !session.data;

  useEffect(() => {
    if (signedOut && !toasted.current && storage.get(STORAGE_KEYS.guestSignupEmail)) {
      toasted.current = true;
      toast({ title: t('guard.completeSignup'), variant: 'info' });
    }
  }, [signedOut, t]);

  if (session.isPending) {
    return (
      <div role="status" className="container-page flex min-h-[50vh] items-center justify-center gap-3 text-muted">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
        {t('guard.checking')}
      </div>
    );
  }
  if (!session.data) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}
