import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';

interface Page {
  (): React.ReactElement;
  /** Loads the page's chunk; once loaded, the page renders at once (no suspense), as on the server. */
  load: () => Promise<unknown>;
}

/** A page in its own chunk, loaded when first shown or before, with `load`. */
function page(load: () => Promise<{ Component: ComponentType }>): Page {
  let loaded: ComponentType | null = null;
  const loadOnce = () => load().then((module) => (loaded = module.Component));
  const Lazy = lazy(() => loadOnce().then((Component) => ({ default: Component })));
  const Page = () => createElement(loaded ?? Lazy);
  Page.load = loadOnce;
  return Page;
}

/** The spec's route table (section 2). Every page is split into its own chunk. */
const publicPages: Record<string, Page> = {
  landing: page(() => import('@/features/landing/landing-page')),
  login: page(() => import('./routes/login')),
  'reset-password': page(() => import('@/features/auth/reset-password-page')),
  'how-it-works': page(() => import('@/features/info/how-it-works-page')),
  faq: page(() => import('@/features/faq/faq-page')),
  'why-trust-us': page(() => import('@/features/info/why-trust-us-page')),
  blog: page(() => import('@/features/blog/blog-page')),
  'blog/:slug': page(() => import('@/features/blog/article-page')),
  documents: page(() => import('@/features/documents/documents-page')),
  'privacy-policy': page(() => import('@/features/info/privacy-policy-page')),
  'derechos/:slug': page(() => import('@/features/rights/rights-page')),
  'delete-account': page(() => import('@/features/account/delete-account-page')),
};
const signedInPages: Record<string, Page> = {
  chat: page(() => import('@/features/assistant/chat-page')),
  'saved-chats': page(() => import('@/features/chats/saved-chats-page')),
  settings: page(() => import('@/features/settings/settings-page')),
  feedback: page(() => import('@/features/feedback/feedback-page')),
};

/**
 * Declarative routes, not a data router: the app has no loaders, and they weigh half as much in the
 * first script (issue 15). One Suspense around everything: a page whose chunk is loading keeps the
 * previous page on screen (React Router navigates in a transition), and a page rendered at build time is
 * hydrated in one pass (a boundary lower down would be hydrated after the header's effects had run, with
 * the session already known, so differently from its HTML).
 */
export function AppRoutes() {
  return (
    <Suspense>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Navigate to="/landing" replace />} />
          {Object.entries(publicPages).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route element={<RequireAuth />}>
            {Object.entries(signedInPages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Route>
          <Route path="*" element={<Navigate to="/landing" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** Loads the chunk of the page at `pathname` (before hydrating it: React then finds the page ready). */
export async function loadPage(pathname: string): Promise<void> {
  const pages = { ...publicPages, ...signedInPages };
  const path = Object.keys(pages).find((pattern) => matchPath(`/${pattern}`, pathname));
  await pages[path ?? '']?.load().catch(() => {});
}
