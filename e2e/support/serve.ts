// Starts the built product for the browser suite, on a fresh data folder.
//   (no flag)     the embedded defaults: built-in engine, browser speech, outbox, sandbox payments
//   --providers   every third party replaced by the local fakes (real HTTP servers speaking the
//                 providers' wire formats): language model and transcription, ElevenLabs voice
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeElevenLabs, startFakeOpenAI } from '@camino/fakes';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { E2E_FILES, FAKE_PORTS, PROVIDERS_PORT } from './ports';

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
  // Who runs the service (decisions D14), shown in the footer, the privacy policy and the trust page.
  OPERATOR_NAME: 'Camino Claro LLC',
  OPERATOR_ADDRESS: '1200 Main St, Suite 400, Houston, TX 77002',
  SUPPORT_EMAIL: 'soporte@caminoclaro.example',
};
delete env.DATABASE_URL;

const closers: Array<() => Promise<void>> = [];
if (providers) {
  const openai = await startFakeOpenAI({
    apiKey: 'sk-e2e-fake-openai-key',
    port: FAKE_PORTS.openai,
    transcript: '¿Cómo renuevo mi permiso de trabajo?',
    defaultReply: () =>
      'Claro, te explico. El formulario I-765 sirve para pedir o renovar tu permiso de trabajo. Mándalo antes de que venza el que tienes. Es información general; en la sección Documentos de la app tienes una guía del I-765.',
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

if (!providers) {
  // The catalog of the default server: an official PDF to download, and one whose file then goes
  // missing from the bucket (the "file not found" case). Both imported with the operator command.
  const forms = process.env.FORMS_DIR ?? path.resolve(root, '../shared/forms');
  const official = await officialPdf(forms, 'i-765.pdf');
  const orphan = await officialPdf(forms, 'g-1145.pdf');
  copyFileSync(official, E2E_FILES.official);
  const imported = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'apps/server/src/cli/documents-import.ts'), official, orphan],
    { env, stdio: 'inherit' },
  );
  if (imported.status !== 0) throw new Error('documents:import failed');
  rmSync(path.join(dataDir, 'storage/documents/G-1145.pdf'), { force: true });
}

/** The real form from ../shared/forms when it is there, else a small PDF made for the suite. */
async function officialPdf(folder: string, name: string): Promise<string> {
  const file = path.join(folder, name);
  if (existsSync(file)) return file;
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText(`Formulario de prueba ${name}`, { x: 50, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  const made = path.join(dataDir, name);
  writeFileSync(made, await doc.save());
  return made;
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
