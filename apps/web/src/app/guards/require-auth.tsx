import { STORAGE_KEYS } from '@camino/contracts';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { storage } from '@/lib/storage';

/**
 * Signed-in pages whose screen holds nothing of the person until their data comes: shown at once while
 * the session is checked (the build renders them so, and the box takes what is typed before the script
 * has run: docs/decisions/0077), and with no connection, with what this device keeps (the service worker
 * stores them). A visitor with no session cookie never sees them: the server sends them to /login.
 */
const SHELL_PAGES = new Set(['/chat']);

/**
 * The protected-section guard (spec section 2): 'Verificando tu sesión...' while checking (a page of
 * SHELL_PAGES shows itself instead); the page when signed in; otherwise /login carrying the requested
 * path. With no connection the session cannot be checked: a page of SHELL_PAGES (the chat) opens anyway,
 * with what this device keeps; any other says it needs the connection (issue 15).
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  // Once the session is known, the page under the guard renders as a transition (a deferred value), in
  // slices between which the browser can work, not in one long task on a slow phone (issue 15).
  const checking = useDeferredValue(session.isPending);
  const toasted = useRef(false);
  const online = useOnline();
  const shellPage = SHELL_PAGES.has(location.pathname);
  const signedOut = !session.isPending && !session.data;
  const unreachable = !session.data && (!online || (session.error instanceof ApiError && session.error.code === 'NETWORK'));

  useEffect(() => {
    if (signedOut && !toasted.current && storage.get(STORAGE_KEYS.guestSignupEmail)) {
      toasted.current = true;
      toast({ title: t('guard.completeSignup'), variant: 'info' });
    }
  }, [signedOut, t]);

  // A shell page shows while the session is checked and when it is, and offline (back online, a question
  // may be leaving): no spinner in between.
  if (shellPage && (!signedOut || unreachable)) return <Outlet />;
  if (unreachable) {
    return (
      <div role="status" className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center">
        <p className="text-lg font-semibold">{t('offline.needsConnection')}</p>
        <Link to="/chat" className="font-semibold text-brand-700 underline underline-offset-2">
          {t('offline.toChat')}
        </Link>
      </div>
    );
  }
  if (session.isPending || (checking && session.data)) {
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
