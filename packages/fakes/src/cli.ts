// Starts every fake provider and prints the environment that points the server at them
// (used by `npm run dev -- --fakes`).
import { startFakeAuthorizeNet } from './authorizenet';
import { startFakeElevenLabs } from './elevenlabs';
import { startFakeOpenAI, type ChatMessage } from './openai';
import { startFakeTwilio } from './twilio';

/** A plausible answer built from the grounding the server put in the system prompt. */
function groundedReply(messages: ChatMessage[]): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  // The grounding of the assistant's prompt: "- sentence (según ...)" lines, then "Oración de cierre: ...".
  const facts = [...system.matchAll(/^- (.+?)(?: \(según [^)]*\))?$/gm)].map((m) => m[1]!);
  const closing = /^Oración de cierre: (.+)$/m.exec(system)?.[1];
  if (messages.at(-1)?.content && system.includes('UNA sola oración')) return facts[0] ?? 'Con gusto te oriento sobre tu trámite de inmigración.';
  return [
    'Claro, con gusto te explico.',
    ...(facts.length ? facts.slice(0, 2) : ['Cuéntame un poco más de tu caso para orientarte mejor.']),
    closing ?? 'Es información general; en la sección Documentos de la app tienes guías que te pueden servir.',
  ].join(' ');
}

const twilio = await startFakeTwilio({
  accountSid: 'ACdev',
  authToken: 'dev-token',
  onMessage: (m) => console.log(`SMS to ${m.to}: ${m.body}`),
});
const openai = await startFakeOpenAI({ apiKey: 'sk-dev-fake', ttftMs: 300, tokensPerSecond: 30, defaultReply: groundedReply });
// Real ElevenLabs starts streaming in about 300 ms; the fake's MP3 is silence of the speech's length.
const elevenlabs = await startFakeElevenLabs({ apiKey: 'xi-dev-fake', firstByteMs: 300 });
// Payments: Authorize.net's test cards are approved, 4222222222222 or CVV 901 declined.
const authorizenet = await startFakeAuthorizeNet({ apiLoginId: 'anet-dev-login', transactionKey: 'anet-dev-key', latencyMs: 300 });

const env = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'ACdev',
  TWILIO_AUTH_TOKEN: 'dev-token',
  TWILIO_FROM: '+15550000000',
  TWILIO_BASE_URL: twilio.url,
  LLM_BASE_URL: `${openai.url}/v1`,
  LLM_API_KEY: 'sk-dev-fake',
  STT_BASE_URL: `${openai.url}/v1`,
  STT_API_KEY: 'sk-dev-fake',
  ELEVENLABS_BASE_URL: elevenlabs.url,
  ELEVENLABS_API_KEY: 'xi-dev-fake',
  PAYMENT_GATEWAY: 'authorizenet',
  AUTHORIZENET_API_LOGIN_ID: 'anet-dev-login',
  AUTHORIZENET_TRANSACTION_KEY: 'anet-dev-key',
  AUTHORIZENET_SIGNATURE_KEY: 'ANET-DEV-SIGNATURE-KEY',
  AUTHORIZENET_ENDPOINT: authorizenet.endpoint,
};
console.log(`ENV ${JSON.stringify(env)}`);
for (const [name, value] of Object.entries(env)) if (name.endsWith('_URL') || name.endsWith('_ENDPOINT')) console.log(`${name}=${value}`);

const stop = async () => {
  await Promise.all([twilio.close(), openai.close(), elevenlabs.close(), authorizenet.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
