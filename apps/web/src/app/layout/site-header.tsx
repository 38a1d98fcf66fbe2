import { LogIn, LogOut, Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useSignOut } from '@/features/auth/api/use-sign-out';
import { PlanTrigger } from '@/components/plan-trigger';
import { openPlanChooser } from '@/lib/plan-chooser';
import { accountLinks, infoLinks } from './nav-links';
import { Logo } from './logo';

// The drawer (a Radix dialog) is fetched when the menu button is approached, not with the page.
const loadSheet = () => import('@/components/ui/sheet');
const Sheet = lazy(() => loadSheet().then((m) => ({ default: m.Sheet })));

const mainLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-navy-900/80 hover:bg-navy-900/5 hover:text-navy-900',
  );

const utilityLink = ({ isActive }: { isActive: boolean }) =>
  cn('rounded px-2 py-1 text-sm font-medium hover:text-white hover:underline', isActive ? 'text-white underline underline-offset-4' : 'text-white/80');

const drawerLink = ({ isActive }: { isActive: boolean }) =>
  cn('flex min-h-12 items-center rounded-xl px-4 text-lg font-medium', isActive ? 'bg-brand-50 text-brand-700' : 'text-navy-900 hover:bg-navy-900/5');

/**
 * The top navigation (spec section 2): at 1024 px and wider every link is visible (account links in
 * the top bar), below that the menu button opens a drawer holding every link, which closes when a
 * link is chosen.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data;
  const name = user ? [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ') : '';
  const greeting = user ? (name ? t('nav.greeting', { name }) : t('nav.welcome')) : null;
  const close = () => setOpen(false);
  const chooserAfterClose = useRef(false);
  const showTrigger = user?.profile.plan !== 'UNLIMITED';
  const [menuUsed, setMenuUsed] = useState(false);
  const prefetchMenu = () => void loadSheet();

  const authControl = (light: boolean, onDone?: () => void) =>
    user ? (
      <Button
        variant={light ? 'outlineLight' : 'secondary'}
        size="sm"
        onClick={() => {
          onDone?.();
          signOut.mutate();
        }}
        disabled={signOut.isPending}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        {t('nav.logout')}
      </Button>
    ) : (
      <Button variant={light ? 'outlineLight' : 'secondary'} size="sm" asChild>
        <Link to="/login" onClick={onDone}>
          <LogIn aria-hidden="true" className="h-4 w-4" />
          {t('nav.login')}
        </Link>
      </Button>
    );

  return (
    <header className="sticky top-0 z-30">
      <div className="hidden bg-navy-900 lg:block">
        <div className="container-page flex h-11 items-center justify-end gap-2">
          {greeting ? <span className="mr-auto truncate text-sm text-white/80">{greeting}</span> : null}
          <nav aria-label={t('nav.account')} className="flex items-center gap-1">
            {accountLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={utilityLink}>
                {t(link.key)}
              </NavLink>
            ))}
          </nav>
          <span aria-hidden="true" className="mx-1 h-5 w-px bg-white/20" />
          {showTrigger ? <PlanTrigger size="sm" /> : null}
          {authControl(true)}
        </div>
      </div>
      <div className="border-b border-navy-900/10 bg-sand-50/95 backdrop-blur supports-[backdrop-filter]:bg-sand-50/85">
        <div className="container-page flex h-16 items-center justify-between gap-3">
          <Logo />
          <nav aria-label={t('nav.label')} className="hidden items-center gap-0.5 lg:flex">
            {infoLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={mainLink}>
                {t(link.shortKey ?? link.key)}
              </NavLink>
            ))}
          </nav>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t('nav.openMenu')}
            aria-expanded={open}
            onPointerEnter={prefetchMenu}
            onPointerDown={prefetchMenu}
            onFocus={prefetchMenu}
            onClick={() => {
              setMenuUsed(true);
              setOpen(true);
            }}
          >
            <Menu aria-hidden="true" className="h-6 w-6" />
          </Button>
        </div>
      </div>
      {menuUsed ? (
        <Suspense fallback={null}>
          <Sheet
            open={open}
            onOpenChange={setOpen}
            title={t('nav.menu')}
            closeLabel={t('common.close')}
            onCloseAutoFocus={(event) => {
              // The plan chooser opens once the drawer has closed, so the drawer's focus return cannot close it.
              if (!chooserAfterClose.current) return;
              chooserAfterClose.current = false;
              event.preventDefault();
              openPlanChooser();
            }}
          >
            <nav aria-label={t('nav.label')} className="flex flex-col gap-6">
              {greeting ? <p className="px-4 font-semibold text-navy-900">{greeting}</p> : null}
              <div>
                <p className="px-4 pb-1 text-xs font-bold tracking-wider text-muted uppercase">{t('nav.account')}</p>
                {accountLinks.map((link) => (
                  <NavLink key={link.to} to={link.to} className={drawerLink} onClick={close}>
                    {t(link.key)}
                  </NavLink>
                ))}
              </div>
              <div>
                <p className="px-4 pb-1 text-xs font-bold tracking-wider text-muted uppercase">{t('nav.information')}</p>
                {infoLinks.map((link) => (
                  <NavLink key={link.to} to={link.to} className={drawerLink} onClick={close}>
                    {t(link.key)}
                  </NavLink>
                ))}
              </div>
              <div className="flex flex-col items-start gap-3 px-4">
                {showTrigger ? (
                  <PlanTrigger
                    size="sm"
                    onClick={() => {
                      chooserAfterClose.current = true;
                      close();
                    }}
                  />
                ) : null}
                {authControl(false, close)}
              </div>
            </nav>
          </Sheet>
        </Suspense>
      ) : null}
    </header>
  );
}
