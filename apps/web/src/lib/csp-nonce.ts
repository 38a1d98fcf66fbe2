/** The per-response style nonce the server puts in index.html (for the few <style> tags Radix adds). */
export const cspNonce: string | undefined = (() => {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return value && value !== '__CSP_NONCE__' ? value : undefined;
})();
