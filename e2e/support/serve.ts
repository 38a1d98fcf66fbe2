// Starts the built product for the browser suite, on a fresh data folder.
//   (no flag)     the embedded defaults: built-in engine, browser speech, outbox, sandbox payments
//   --providers   every third party replaced by the local fakes (real HTTP servers speaking the
//                 providers' wire formats): language model and transcription, ElevenLabs voice
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeElevenLabs, startFakeOpenAI } from '@camino/fakes';
import { FAKE_PORTS, PROVIDERS_PORT } from './ports';

const root = path.resolve(import.meta.dirname, '../..');
const providers = process.argv.includes('--providers');
const port = providers ? String(PROVIDERS_PORT) : (process.env.E2E_PORT ?? '3100');
const dataDir = mkdtempSync(path.join(tmpdir(), 'camino-e2e-'));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  // Every browser test sends its own X-Forwarded-For (e2e/support/fixtures.ts).
  TRUST_PROXY: 'true',
};
delete env.DATABASE_URL;

const closers: Array<() => Promise<void>> = [];
if (providers) {
  const openai = await startFakeOpenAI({
    apiKey: 'sk-e2e-fake-openai-key',
    port: FAKE_PORTS.openai,
    transcript: '¿Cómo renuevo mi permiso de trabajo?',
    defaultReply: () =>
      'Claro, te explico. El formulario I-765 sirve para pedir o renovar tu permiso de trabajo. Mándalo antes de que venza el que tienes. Puedes descargar el formulario I-765 en la sección Documentos de la app.',
  });
  const elevenlabs = await startFakeElevenLabs({ apiKey: 'xi-e2e-fake-elevenlabs-key', port: FAKE_PORTS.elevenlabs, firstByteMs: 100, msPerChar: 4 });
  closers.push(openai.close, elevenlabs.close);
  Object.assign(env, {
    LLM_BASE_URL: `${openai.url}/v1`,
    LLM_API_KEY: 'sk-e2e-fake-openai-key',
    STT_BASE_URL: `${openai.url}/v1`,
    STT_API_KEY: 'sk-e2e-fake-openai-key',
    ELEVENLABS_API_KEY: 'xi-e2e-fake-elevenlabs-key',
    ELEVENLABS_BASE_URL: elevenlabs.url,
  });
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env, stdio: 'inherit' });

const stop = () => {
  server.kill('SIGTERM');
};
server.on('exit', async (code) => {
  await Promise.all(closers.map((close) => close()));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
