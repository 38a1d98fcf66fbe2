import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import './lib/i18n';

/**
 * The build renders these pages to HTML (scripts/prerender.mjs), then the browser hydrates them. What
 * depends on the visitor (signed in or not, usage) is rendered as "still loading", as the browser's
 * first render does, and fills in once /api/me answers.
 */
export const prerenderedPages = [
  { path: '/landing', module: 'src/features/landing/landing-page.tsx' },
  { path: '/login', module: 'src/app/routes/login.tsx' },
  { path: '/how-it-works', module: 'src/features/info/how-it-works-page.tsx' },
  { path: '/faq', module: 'src/features/faq/faq-page.tsx' },
  { path: '/why-trust-us', module: 'src/features/info/why-trust-us-page.tsx' },
  { path: '/blog', module: 'src/features/blog/blog-page.tsx' },
  { path: '/documents', module: 'src/features/documents/documents-page.tsx' },
  { path: '/privacy-policy', module: 'src/features/info/privacy-policy-page.tsx' },
  { path: '/chat', module: 'src/features/assistant/chat-page.tsx' },
];

const app = (path: string) => (
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>
  </StrictMode>
);

/**
 * The page's HTML. A first pass (React's static prerender, which waits) loads the page's lazy chunks;
 * the second renders it whole in one go, with no inline script to complete what was late.
 */
export async function renderPage(path: string): Promise<string> {
  await prerender(app(path));
  return renderToString(app(path));
}
