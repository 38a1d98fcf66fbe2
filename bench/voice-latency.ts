// Figure (issue 5): from submitting a question to the first audio byte at the client, with the fake
// model at 300 ms to its first token and 30 tokens/s, and the fake voice at 250 ms to its first byte;
// against (a) the limit: first token + writing the first sentence + first audio byte, and (b) a
// sequential pipeline that waits for the whole answer, then for the whole audio.
// The client does what the browser does: it asks for a sentence's audio as soon as the sentence event
// arrives. Run: npm run build && npx tsx bench/voice-latency.ts
import { startFakeElevenLabs, startFakeOpenAI, tokenize } from '@camino/fakes';
import { percentile, startServer } from './lib.mjs';

const TTFT = 300;
const TOKENS_PER_SECOND = 30;
const VOICE_FIRST_BYTE = 250;
const REPLY =
  'Claro, te explico cómo funciona. El formulario I-821D sirve para renovar tu DACA. Mándalo junto con el permiso de trabajo I-765. Hazlo entre 150 y 120 días antes de que venza. Puedes descargar el formulario I-821D en la sección Documentos de la app.';

const openai = await startFakeOpenAI({ apiKey: 'sk-bench', ttftMs: TTFT, tokensPerSecond: TOKENS_PER_SECOND, defaultReply: () => REPLY });
const voice = await startFakeElevenLabs({ apiKey: 'xi-bench', firstByteMs: VOICE_FIRST_BYTE });
const server = await startServer({
  port: 3909,
  env: { LOG_LEVEL: 'warn', LLM_BASE_URL: `${openai.url}/v1`, LLM_API_KEY: 'sk-bench', ELEVENLABS_API_KEY: 'xi-bench', ELEVENLABS_BASE_URL: voice.url },
});
const origin = 'http://127.0.0.1:3909';

async function account(n: number): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: `voice.${Date.now()}.${n}@example.com`, password: 'secreto-bench', name: 'Bench' }),
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const tts = (cookie: string, text: string) =>
  fetch(`${server.url}/api/speech/tts`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin }, body: JSON.stringify({ text }) });

/** Reads an SSE answer; calls onSentence for each sentence event; resolves with the full text. */
async function ask(cookie: string, onSentence: (text: string) => void): Promise<string> {
  const response = await fetch(`${server.url}/api/assistant/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: JSON.stringify({ message: '¿Cómo renuevo mi DACA?' }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let i: number;
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null');
      if (event === 'sentence') onSentence(data.text);
      if (event === 'done') text = data.text;
    }
  }
  return text;
}

async function firstByte(response: Response, t0: number): Promise<number> {
  const reader = response.body!.getReader();
  await reader.read();
  const at = performance.now() - t0;
  await reader.cancel();
  return at;
}

try {
  const pipelined: number[] = [];
  const sequential: number[] = [];
  for (let i = -1; i < 12; i++) {
    const cookie = await account(i + 10);
    // Streamed: the first sentence's audio is asked for the moment the sentence exists.
    const t0 = performance.now();
    let first: Promise<number> | null = null;
    await ask(cookie, (sentence) => {
      first ??= tts(cookie, sentence).then((r) => firstByte(r, t0));
    });
    const streamed = await first!;
    // Sequential: the whole answer, then the whole audio, then the first byte can play.
    const s0 = performance.now();
    const whole = await ask(cookie, () => {});
    const audio = await tts(cookie, whole);
    await audio.arrayBuffer();
    const seq = performance.now() - s0;
    if (i >= 0) {
      pipelined.push(streamed);
      sequential.push(seq);
    }
  }
  const tokens = tokenize(REPLY);
  let firstSentenceTokens = 0;
  for (let text = ''; firstSentenceTokens < tokens.length;) {
    text += tokens[firstSentenceTokens++];
    if (/[.!?]\s/.test(text)) break;
  }
  const limit = TTFT + ((firstSentenceTokens - 1) * 1000) / TOKENS_PER_SECOND + VOICE_FIRST_BYTE;
  const p50 = percentile(pipelined, 50);
  const seq50 = percentile(sequential, 50);
  console.log(
    `first sentence: ${firstSentenceTokens} tokens; limit = ${TTFT} + ${(((firstSentenceTokens - 1) * 1000) / TOKENS_PER_SECOND).toFixed(0)} + ${VOICE_FIRST_BYTE} = ${limit.toFixed(0)} ms`,
  );
  console.log(
    `streamed pipeline, first audio byte: p50 ${p50.toFixed(0)} ms (+${(p50 - limit).toFixed(0)} ms over the limit), p90 ${percentile(pipelined, 90).toFixed(0)} ms`,
  );
  console.log(`sequential pipeline (whole answer, then whole audio): p50 ${seq50.toFixed(0)} ms: the streamed one is ${(seq50 / p50).toFixed(1)} times sooner`);
} finally {
  await server.stop();
  await voice.close();
  await openai.close();
}
