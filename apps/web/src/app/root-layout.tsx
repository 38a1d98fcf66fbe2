import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { LazyToaster } from '@/components/ui/toaster-lazy';
import { useSessionHousekeeping } from '@/features/auth/hooks/use-session-housekeeping';
import { PlanChooserHost } from '@/features/plans/plan-chooser-host';
import { showFlashToast } from '@/lib/flash-toast';
import { SiteFooter } from './layout/site-footer';
import { SiteHeader } from './layout/site-header';

export function RootLayout() {
  const { t } = useTranslation();
  useSessionHousekeeping();
  useEffect(showFlashToast, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-full bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <PlanChooserHost />
      <LazyToaster closeLabel={t('common.close')} label={t('common.notifications')} />
      <ScrollRestoration />
    </div>
  );
}
