/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { asServed } from './stored-page';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/**
 * The service worker (docs/decisions/0065-offline-service-worker.md). The built scripts, styles, font
 * and icons are precached (the list is written into __WB_MANIFEST at build time). Pages always come from
 * the network; with no connection, a copy of the page fetched at install, without cookies, so it holds
 * nothing of the person. Nothing under /api is touched: the person's last answers are kept by the page
 * (lib/offline-answers.ts), not here.
 */
const PAGES = 'camino-pages';
/** The chat page and the rights pages (components/rights-links.tsx lists the same two; this build is separate). */
const OFFLINE_PAGES = ['/chat', '/derechos/ice-en-casa', '/derechos/si-te-detienen'];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) => cache.addAll(OFFLINE_PAGES.map((page) => new Request(page, { credentials: 'omit', cache: 'no-store' }))))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        const cache = await caches.open(PAGES);
        const page = (await cache.match(new URL(request.url).pathname, { ignoreVary: true })) ?? (await cache.match('/chat', { ignoreVary: true }));
        return page ? asServed(page) : Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/dev\//] },
  ),
);
