import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, preloadRoute } from './app/router';
import { fetchSession, sessionQueryKey } from './lib/session';
import { cspNonce } from './lib/csp-nonce';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

// Radix injects a few <style> elements (scroll locking); the server's CSP allows them by nonce only.
if (cspNonce) setNonce(cspNonce);

const queryClient = createQueryClient();
const router = createRouter();

// What the first screen needs starts at once and in parallel (issue 15): who is signed in and the
// page's own chunk, while the texts load and React starts, instead of one after the other.
void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 });
preloadRoute(window.location.pathname);

void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
