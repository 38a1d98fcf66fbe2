import { defineConfig, devices } from '@playwright/test';
import { PROVIDERS_URL } from './support/ports';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

/** Debian's Chromium (README: apt-get install chromium); Playwright never downloads a browser here. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    // Chromium's fake microphone, for the recorder path (MediaRecorder records real webm/opus).
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // CI runs this suite on a loaded 2-core machine about 2.3 times slower than a quiet run (26.8 min against 11.5):
  // the bounds leave that much room, so a slow step fails only when it is really stuck.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    launchOptions,
    locale: 'es-MX',
    timezoneId: 'America/Chicago',
    trace: 'retain-on-failure',
    // The service worker (decision 0065) would take the page's requests out of page.route's reach; the
    // specs that test it (offline.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
  webServer: [
    {
      command: `npx tsx e2e/support/serve.ts`,
      cwd: '..',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(port) },
    },
    {
      // The same product with every provider faked (language model, transcription, voice).
      command: `npx tsx e2e/support/serve.ts --providers`,
      cwd: '..',
      url: `${PROVIDERS_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
