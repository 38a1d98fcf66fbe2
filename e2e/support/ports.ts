/** The second server of the browser suite, with the fake providers, and the fakes' fixed ports. */
export const PROVIDERS_PORT = 3101;
export const PROVIDERS_URL = `http://localhost:${PROVIDERS_PORT}`;
export const FAKE_PORTS = { openai: 3191, elevenlabs: 3192 } as const;
export const FAKE_URLS = { openai: `http://127.0.0.1:${FAKE_PORTS.openai}`, elevenlabs: `http://127.0.0.1:${FAKE_PORTS.elevenlabs}` } as const;
/** The fake keys the providers server is configured with (a test checks they never reach the browser). */
export const FAKE_KEYS = ['sk-e2e-fake-openai-key', 'xi-e2e-fake-elevenlabs-key'] as const;

/** Files the default server's catalog is seeded with before it starts (see serve.ts). */
export const E2E_FILES = {
  /** An official PDF imported with `npm run documents:import`: the browser must download these bytes. */
  official: '/tmp/camino-e2e-official-i-765.pdf',
} as const;
