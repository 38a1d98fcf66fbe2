/**
 * The suite's ports, all derived from E2E_PORT (default 3100), so that two suites can run at once on one
 * machine: the default server at E2E_PORT, the second server (fake providers) at +1, the fakes at +91/+92.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The second server of the browser suite, with the fake providers. */
export const PROVIDERS_PORT = BASE_PORT + 1;
export const PROVIDERS_URL = `http://localhost:${PROVIDERS_PORT}`;
export const FAKE_PORTS = { openai: BASE_PORT + 91, elevenlabs: BASE_PORT + 92 } as const;
export const FAKE_URLS = { openai: `http://127.0.0.1:${FAKE_PORTS.openai}`, elevenlabs: `http://127.0.0.1:${FAKE_PORTS.elevenlabs}` } as const;
/** The fake keys the providers server is configured with (a test checks they never reach the browser). */
export const FAKE_KEYS = ['sk-e2e-fake-openai-key', 'xi-e2e-fake-elevenlabs-key'] as const;

/** Files the default server's catalog is seeded with before it starts (see serve.ts); per suite, like the ports. */
export const E2E_FILES = {
  /** An official PDF imported with `npm run documents:import`: the browser must download these bytes. */
  official: `/tmp/camino-e2e-official-i-765-${BASE_PORT}.pdf`,
} as const;
