import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, loadPage } from './app/router';
import { startSpeechConfigFetch } from './features/assistant/api/use-speech-config';
import { startSessionFetch } from './lib/session';
import { currentLanguage, initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

/** Resolves in a later task: the script's evaluation and React's first render are two shorter tasks. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// What the first screen needs starts at once and in parallel (issue 15): who is signed in (the page
// preloads /api/me) and the page's own chunk, while React starts, instead of one after the other.
startSessionFetch();
const pageLoaded = loadPage(window.location.pathname);
registerServiceWorker();
const queryClient = createQueryClient();
// /chat: its voice settings are asked at once, not once the page shows (the usage is asked by the page,
// fresh each time it opens).
if (window.location.pathname === '/chat') startSpeechConfigFetch();

void Promise.all([initI18n(), pageLoaded, nextTask()]).then(() => {
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  // A page rendered at build time (in Spanish) is hydrated: its HTML stays and React attaches to it, as a
  // transition, in slices between which the browser takes what is typed in the chat's box (decision
  // 0077). No answer can change what is being hydrated: the queries the page reads start once it is.
  // A page stored for another path (the service worker serves /chat's page for any path offline) is
  // drawn anew, not hydrated.
  if (root.dataset.prerendered === window.location.pathname && currentLanguage() === 'es') startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
});
