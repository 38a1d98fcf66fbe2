/**
 * Registers the service worker (docs/decisions/0065-offline-service-worker.md) once the page has loaded,
 * so its downloads never compete with the first screen's. Built app only: Vite's dev server has none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/service-worker.js').catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
