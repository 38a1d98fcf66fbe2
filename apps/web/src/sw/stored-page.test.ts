import { describe, expect, it } from 'vitest';
import { asServed } from './stored-page';

describe('asServed', () => {
  it('serves the stored page with its policy and without its encoding headers', async () => {
    const policy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'";
    const stored = new Response('<p>Si ICE llega a tu casa</p>', {
      headers: { 'content-security-policy': policy, 'content-encoding': 'br', 'content-length': '12', 'content-type': 'text/html; charset=utf-8' },
    });
    const served = asServed(stored);
    expect(await served.text()).toBe('<p>Si ICE llega a tu casa</p>');
    expect(served.headers.get('content-encoding')).toBeNull();
    expect(served.headers.get('content-length')).toBeNull();
    expect(served.headers.get('content-security-policy')).toBe(policy);
    expect(served.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
