// Figure (issue 15 item 7): in Chromium, from pressing "Preguntar" to the first audio byte of the first
// sentence and to the moment its sound starts playing, with a voice that streams slowly (the fake
// ElevenLabs: 250 ms to the first byte, then a chunk every CHUNK_MS), compared in the same run with:
// - the limit of issue 5: first token + writing the first sentence + the voice's first byte;
// - the page without Media Source Extensions (it downloads each sentence's whole file, then plays it);
// - a sequential pipeline (the whole answer, then the whole audio; measured outside the browser).
// Run: node scripts/build.mjs && npx tsx bench/voice-playback.ts   (RUNS=5 CHUNK_MS=300 by default)
import { startFakeElevenLabs, startFakeOpenAI, tokenize } from '@camino/fakes';
import { chromium, type Browser } from 'playwright-core';
import { percentile, startServer } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const CHUNK_MS = Number(process.env.CHUNK_MS ?? 300);
const TTFT = 300;
const TOKENS_PER_SECOND = 30;
const VOICE_FIRST_BYTE = 250;
const REPLY =
  'Claro, te explico cómo funciona. El formulario I-821D sirve para renovar tu DACA. Mándalo junto con el permiso de trabajo I-765. Hazlo entre 150 y 120 días antes de que venza. Puedes descargar el formulario I-821D en la sección Documentos de la app.';
const PORT = 3931;

const openai = await startFakeOpenAI({ apiKey: 'sk-bench', ttftMs: TTFT, tokensPerSecond: TOKENS_PER_SECOND, defaultReply: () => REPLY });
const voice = await startFakeElevenLabs({ apiKey: 'xi-bench', firstByteMs: VOICE_FIRST_BYTE, chunkDelayMs: CHUNK_MS });
const server = await startServer({
  port: PORT,
  env: {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    LLM_BASE_URL: `${openai.url}/v1`,
    LLM_API_KEY: 'sk-bench',
    ELEVENLABS_API_KEY: 'xi-bench',
    ELEVENLABS_BASE_URL: voice.url,
  },
});
let browser: Browser | null = null;

/** Records, in the page, when the question leaves and when the first audio starts playing. */
function instrument() {
  const w = window as unknown as { __t0?: number; __playing?: number };
  document.addEventListener('submit', () => (w.__t0 = performance.now()), true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    this.addEventListener('playing', () => (w.__playing ??= performance.now()), { once: true });
    return play.call(this);
  };
}

async function measure(streaming: boolean, n: number): Promise<{ firstByte: number; playing: number }> {
  // Each run is another person, from another address (the per-address sign-up limit).
  const context = await browser!.newContext({
    baseURL: server.url,
    locale: 'es-MX',
    serviceWorkers: 'block',
    extraHTTPHeaders: { 'x-forwarded-for': `10.9.${streaming ? 1 : 2}.${n + 2}` },
  });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  // Without Media Source Extensions the page takes its other path: whole files (iPhone Safari's today).
  if (!streaming) await page.addInitScript(() => Reflect.deleteProperty(window, 'MediaSource'));
  await page.goto('/landing');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email: `playback.${Date.now()}.${n}@example.com`, password: 'secreto-bench', name: 'Bench' },
    headers: { origin: server.url },
  });
  if (!signUp.ok()) throw new Error(`sign-up: ${signUp.status()}`);
  await page.goto('/chat');
  await page.getByLabel('Tu pregunta').fill('¿Cómo renuevo mi DACA?');
  await page.getByRole('button', { name: 'Preguntar' }).click();
  await page.waitForFunction(() => (window as unknown as { __playing?: number }).__playing !== undefined, null, { timeout: 30_000 });
  // A download's timing is listed once it has ended (its responseStart is its first byte).
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/speech/tts')), null, { timeout: 30_000 });
  const result = await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __playing: number };
    const tts = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/speech/tts')) as PerformanceResourceTiming;
    return { firstByte: tts.responseStart - w.__t0, playing: w.__playing - w.__t0 };
  });
  await context.close();
  return result;
}

/** The whole answer, then the whole audio of it (what a client without streaming at all would wait). */
async function sequential(n: number): Promise<number> {
  const sign = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.9.3.${n + 2}` },
    body: JSON.stringify({ email: `sequential.${Date.now()}.${n}@example.com`, password: 'secreto-bench', name: 'Bench' }),
  });
  const cookie = sign.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { 'content-type': 'application/json', cookie, origin: server.url, 'x-forwarded-for': `10.9.3.${n + 2}` };
  const t0 = performance.now();
  const answer = await fetch(`${server.url}/api/assistant/ask`, { method: 'POST', headers, body: JSON.stringify({ message: '¿Cómo renuevo mi DACA?' }) });
  const events = await answer.text();
  const done = events.split('\n\n').find((block) => block.startsWith('event: done'));
  const text = JSON.parse(/^data: (.*)$/m.exec(done ?? '')?.[1] ?? '{}').text as string;
  const audio = await fetch(`${server.url}/api/speech/tts`, { method: 'POST', headers, body: JSON.stringify({ text }) });
  await audio.arrayBuffer();
  return performance.now() - t0;
}

try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu'],
  });
  const streamed: Array<{ firstByte: number; playing: number }> = [];
  const whole: Array<{ firstByte: number; playing: number }> = [];
  const seq: number[] = [];
  for (let i = -1; i < RUNS; i++) {
    // Alternated, so neither path is always the one measured first.
    const [s, w] = i % 2 ? [await measure(true, i), await measure(false, i)] : (([a, b]) => [b, a])([await measure(false, i), await measure(true, i)]);
    const q = await sequential(i);
    if (i < 0) continue; // warm-up
    streamed.push(s);
    whole.push(w);
    seq.push(q);
  }
  const tokens = tokenize(REPLY);
  let firstSentenceTokens = 0;
  for (let text = ''; firstSentenceTokens < tokens.length;) {
    text += tokens[firstSentenceTokens++];
    if (/[.!?]\s/.test(text)) break;
  }
  const limit = TTFT + ((firstSentenceTokens - 1) * 1000) / TOKENS_PER_SECOND + VOICE_FIRST_BYTE;
  const p50 = (values: number[]) => Math.round(percentile(values, 50));
  const p90 = (values: number[]) => Math.round(percentile(values, 90));
  const row = (name: string, values: number[]) => `| ${name} | ${p50(values)} ms | ${p90(values)} ms |`;
  console.log(`voice: ${VOICE_FIRST_BYTE} ms to the first byte, then a chunk every ${CHUNK_MS} ms; ${RUNS} runs each`);
  console.log(`limit = ${TTFT} + ${Math.round(((firstSentenceTokens - 1) * 1000) / TOKENS_PER_SECOND)} + ${VOICE_FIRST_BYTE} = ${Math.round(limit)} ms`);
  console.log('| from "Preguntar" to | p50 | p90 |\n|---|---|---|');
  const rows: Array<[string, number[]]> = [
    ['first audio byte (streaming page)', streamed.map((r) => r.firstByte)],
    ['first audio byte (whole-file page)', whole.map((r) => r.firstByte)],
    ['first sound, playing as it downloads', streamed.map((r) => r.playing)],
    ['first sound, whole file first (no MSE)', whole.map((r) => r.playing)],
    ['sequential: whole answer, then whole audio', seq],
  ];
  for (const [name, values] of rows) console.log(row(name, values));
  const firstByte = p50(streamed.map((r) => r.firstByte));
  console.log(
    `first byte: ${firstByte - Math.round(limit) >= 0 ? '+' : ''}${firstByte - Math.round(limit)} ms over the limit; first sound ${(p50(whole.map((r) => r.playing)) / p50(streamed.map((r) => r.playing))).toFixed(1)}× sooner than whole files, ${(p50(seq) / p50(streamed.map((r) => r.playing))).toFixed(1)}× sooner than sequential (first byte ${(p50(seq) / firstByte).toFixed(1)}×)`,
  );
} finally {
  await browser?.close();
  await server.stop();
  await voice.close();
  await openai.close();
}
