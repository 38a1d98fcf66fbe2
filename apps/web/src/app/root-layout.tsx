import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Outlet, useLocation } from 'react-router';
import { LazyToaster } from '@/components/ui/toaster-lazy';
import { useSessionHousekeeping } from '@/features/auth/hooks/use-session-housekeeping';
import { PlanChooserHost } from '@/features/plans/plan-chooser-host';
import { showFlashToast } from '@/lib/flash-toast';
import { SiteFooter } from './layout/site-footer';
import { PageBoundary } from './page-boundary';
import { SiteHeader } from './layout/site-header';

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  useSessionHousekeeping();
  // A new page starts at its top (an anchor in the address scrolls to itself); a reload stays put.
  const first = useRef(true);
  useLayoutEffect(() => {
    if (!first.current && !hash) window.scrollTo(0, 0);
    first.current = false;
  }, [pathname, hash]);
  useEffect(showFlashToast, []);
  // The page answers taps from here on (a page rendered at build time is visible before its script has
  // run): the browser suite waits for this mark before it clicks.
  useEffect(() => document.documentElement.setAttribute('data-ready', ''), []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <PageBoundary pathname={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      <SiteFooter />
      <PlanChooserHost />
      <LazyToaster closeLabel={t('common.close')} label={t('common.notifications')} />
    </div>
  );
}
