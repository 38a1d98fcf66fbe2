import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './guards/require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The spec's route table (section 2). Every page is split into its own chunk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/landing" replace /> },
          { path: 'landing', lazy: () => import('@/features/landing/landing-page') },
          { path: 'login', lazy: () => import('./routes/login') },
          { path: 'reset-password', lazy: () => import('@/features/auth/reset-password-page') },
          { path: 'how-it-works', lazy: () => import('@/features/info/how-it-works-page') },
          { path: 'faq', lazy: () => import('@/features/faq/faq-page') },
          { path: 'why-trust-us', lazy: () => import('@/features/info/why-trust-us-page') },
          { path: 'blog', lazy: () => import('@/features/blog/blog-page') },
          { path: 'blog/:slug', lazy: () => import('@/features/blog/article-page') },
          { path: 'documents', lazy: () => import('@/features/documents/documents-page') },
          { path: 'privacy-policy', lazy: () => import('@/features/info/privacy-policy-page') },
          { path: 'delete-account', lazy: () => import('@/features/account/delete-account-page') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'chat', lazy: () => import('@/features/assistant/chat-page') },
              { path: 'saved-chats', lazy: () => import('@/features/chats/saved-chats-page') },
              { path: 'settings', lazy: () => import('@/features/settings/settings-page') },
              { path: 'feedback', lazy: () => import('@/features/feedback/feedback-page') },
            ],
          },
          { path: '*', element: <Navigate to="/landing" replace /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * Starts loading the chunks of the page at `pathname` now, while the rest of the app starts, instead of
 * after the router has rendered (the browser keeps the module, so the router's own import is instant).
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void (lazy as () => Promise<unknown>)().catch(() => {});
  }
}
