import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SPEECH, type VoiceId } from '@camino/contracts';
import { z } from 'zod';
import { parseVoiceMap } from './modules/speech';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const bool = z.preprocess((v) => (typeof v === 'string' ? ['1', 'true', 'yes'].includes(v.toLowerCase()) : v), z.boolean());

/** Every environment variable the server reads. Documented in README.md and .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: optionalString,
  /** Extra origins allowed to call the API with cookies (comma separated), e.g. the Vite dev server. */
  TRUSTED_ORIGINS: optionalString,

  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),

  /** Set: the server speaks with ElevenLabs. Unset: the browser's speech synthesis speaks. */
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_BASE_URL: z.url().default('https://api.elevenlabs.io'),
  ELEVENLABS_MODEL: z.string().min(1).default(SPEECH.ttsModel),
  /** Comma-separated ourId=providerVoiceId pairs over the default voices (modules/speech/voices.ts). */
  ELEVENLABS_VOICE_IDS: optionalString,
  ELEVENLABS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),

  /** Any OpenAI-compatible /audio/transcriptions endpoint; unset: no server transcription. */
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),

  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  /** SMS codes sent in an hour by all servers together; beyond it codes are refused and an alert is logged. */
  SMS_HOURLY_BUDGET: z.coerce.number().int().min(1).default(200),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),

  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: optionalString,
  EMAIL_FROM: z.string().default('Camino Claro <no-reply@caminoclaro.app>'),

  /** Who runs the service (decisions D14): shown in the footer, the privacy policy and the trust page. */
  OPERATOR_NAME: z.string().trim().min(1).max(120).default('Camino Claro'),
  OPERATOR_ADDRESS: optionalString,
  SUPPORT_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),

  /** The documents bucket: a folder in DATA_DIR (local) or an S3-compatible bucket (s3). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).default('documents'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Default: true when S3_ENDPOINT is set (MinIO and most S3-compatible servers), false for AWS. */
  S3_FORCE_PATH_STYLE: z.preprocess((v) => (v === '' ? undefined : v), bool.optional()),

  /** Payments (decisions D7): the embedded sandbox gateway, or Authorize.net's JSON API. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'authorizenet']).default('sandbox'),
  AUTHORIZENET_API_LOGIN_ID: optionalString,
  AUTHORIZENET_TRANSACTION_KEY: optionalString,
  AUTHORIZENET_ENDPOINT: z.url().default('https://apitest.authorize.net/xml/v1/request.api'),
  /** Checks the X-ANET-Signature of webhooks; unset (sandbox only), the webhook endpoint answers 404. */
  AUTHORIZENET_SIGNATURE_KEY: optionalString,
  AUTHORIZENET_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  authSecret: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDist: string;
  trustedOrigins: string[];
  /** null: the built-in answer engine answers (the embedded default). */
  llm: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
  /** null: the browser's speech synthesis reads the answers. */
  tts: { provider: 'elevenlabs'; apiKey: string; baseUrl: string; model: string; voices: Record<VoiceId, string>; timeoutMs: number } | null;
  /** null: no server transcription (the browser's own recognition is used). */
  stt: { baseUrl: string; apiKey: string; model: string; timeoutMs: number } | null;
  smsHourlyBudget: number;
  sms: { provider: 'outbox' } | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string };
  email: { provider: 'outbox'; from: string } | { provider: 'smtp'; url: string; from: string };
  /** Who runs the service and how to reach support (D14); address and e-mail may be unset outside production. */
  operator: { name: string; address: string | null; supportEmail: string | null };
  /** Where document files live (decisions D9); the S3 keys never leave the server. */
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /** The payment gateway (decisions D7); the keys never leave the server. */
  payments: {
    gateway: 'sandbox' | 'authorizenet';
    /** Set when gateway is 'authorizenet'. */
    authorizeNet: { apiLoginId: string; transactionKey: string; endpoint: string; timeoutMs: number } | null;
    /** The Authorize.net signature key of webhooks; null: the webhook endpoint answers 404. */
    webhookSignatureKey: string | null;
  };
}

export class ConfigError extends Error {}

/** Reads and validates the environment once, at start-up. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');

  if (isProduction) failClosed(env);
  let authSecret = env.AUTH_SECRET;
  if (!authSecret) authSecret = readOrCreateDevSecret(dataDir);
  if (authSecret.length < 32) throw new ConfigError('AUTH_SECRET must be at least 32 characters long.');

  return {
    llm: env.LLM_BASE_URL
      ? { baseUrl: env.LLM_BASE_URL.replace(/\/$/, ''), apiKey: env.LLM_API_KEY ?? '', model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS }
      : null,
    tts: ttsConfig(env),
    stt: env.STT_BASE_URL
      ? { baseUrl: env.STT_BASE_URL.replace(/\/$/, ''), apiKey: env.STT_API_KEY ?? '', model: env.STT_MODEL, timeoutMs: env.STT_TIMEOUT_MS }
      : null,
    sms: smsConfig(env),
    smsHourlyBudget: env.SMS_HOURLY_BUDGET,
    email: emailConfig(env),
    storage: storageConfig(env, dataDir),
    operator: { name: env.OPERATOR_NAME, address: env.OPERATOR_ADDRESS?.trim() || null, supportEmail: env.SUPPORT_EMAIL ?? null },
    payments: paymentsConfig(env),
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    authSecret,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDist: path.resolve(cwd, env.WEB_DIST ?? defaultWebDist()),
    trustedOrigins: (env.TRUSTED_ORIGINS ?? (isProduction ? '' : 'http://localhost:5173'))
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
  };
}

/**
 * Decision D15: in production the server refuses a configuration that would be unsafe in public (the
 * outbox would write sign-in codes and reset links to the log, the sandbox gateway would give anyone
 * the paid plan with a public test card). Every problem is listed at once.
 */
function failClosed(env: Env): void {
  const problems: string[] = [];
  if (!env.AUTH_SECRET) problems.push('AUTH_SECRET is required (at least 32 characters).');
  if (env.SMS_PROVIDER === 'outbox') problems.push('SMS_PROVIDER=outbox: set SMS_PROVIDER=twilio (the outbox would print sign-in codes in the log).');
  if (env.EMAIL_PROVIDER === 'outbox') problems.push('EMAIL_PROVIDER=outbox: set EMAIL_PROVIDER=smtp (the outbox would print reset links in the log).');
  if (env.PAYMENT_GATEWAY === 'sandbox')
    problems.push('PAYMENT_GATEWAY=sandbox: set PAYMENT_GATEWAY=authorizenet (test cards would give the paid plan for free).');
  if (!env.OPERATOR_ADDRESS?.trim() || !env.SUPPORT_EMAIL)
    problems.push(
      'OPERATOR_NAME, OPERATOR_ADDRESS and SUPPORT_EMAIL are required (the pages say who runs the service and how to reach support, decision D14).',
    );
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is required (the address people open, e.g. https://caminoclaro.app).');
  if (problems.length) throw new ConfigError(`Refusing to start with NODE_ENV=production (decision D15):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

/** Outside production a newcomer needs no secret: one is created in DATA_DIR on first start. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'dev-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function defaultWebDist(): string {
  const here = path.dirname(new URL(import.meta.url).pathname);
  // src/config.ts and dist/server.js both sit one level below apps/server.
  return path.resolve(here, '../../web/dist');
}

function required(env: Env, keys: Array<keyof Env>, why: string): void {
  const missing = keys.filter((key) => !env[key]);
  if (missing.length) throw new ConfigError(`${missing.join(', ')} required when ${why}.`);
}

function ttsConfig(env: Env): Config['tts'] {
  let voices: Record<VoiceId, string>;
  try {
    voices = parseVoiceMap(env.ELEVENLABS_VOICE_IDS);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ELEVENLABS_VOICE_IDS: ${(error as Error).message}`);
  }
  if (!env.ELEVENLABS_API_KEY) return null;
  return {
    provider: 'elevenlabs',
    apiKey: env.ELEVENLABS_API_KEY,
    baseUrl: env.ELEVENLABS_BASE_URL.replace(/\/+$/, ''),
    model: env.ELEVENLABS_MODEL,
    voices,
    timeoutMs: env.ELEVENLABS_TIMEOUT_MS,
  };
}

function smsConfig(env: Env): Config['sms'] {
  if (env.SMS_PROVIDER === 'outbox') return { provider: 'outbox' };
  required(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'], 'SMS_PROVIDER=twilio');
  return {
    provider: 'twilio',
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    from: env.TWILIO_FROM!,
    baseUrl: env.TWILIO_BASE_URL.replace(/\/$/, ''),
  };
}

function emailConfig(env: Env): Config['email'] {
  if (env.EMAIL_PROVIDER === 'outbox') return { provider: 'outbox', from: env.EMAIL_FROM };
  required(env, ['SMTP_URL'], 'EMAIL_PROVIDER=smtp');
  return { provider: 'smtp', url: env.SMTP_URL!, from: env.EMAIL_FROM };
}

function storageConfig(env: Env, dataDir: string): Config['storage'] {
  if (env.STORAGE === 'local') return { kind: 'local', dir: path.join(dataDir, 'storage', 'documents') };
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the AWS default credentials).');
  }
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: env.S3_REGION,
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}

function paymentsConfig(env: Env): Config['payments'] {
  const webhookSignatureKey = env.AUTHORIZENET_SIGNATURE_KEY ?? null;
  if (env.PAYMENT_GATEWAY === 'sandbox') return { gateway: 'sandbox', authorizeNet: null, webhookSignatureKey };
  required(env, ['AUTHORIZENET_API_LOGIN_ID', 'AUTHORIZENET_TRANSACTION_KEY', 'AUTHORIZENET_SIGNATURE_KEY'], 'PAYMENT_GATEWAY=authorizenet');
  return {
    gateway: 'authorizenet',
    authorizeNet: {
      apiLoginId: env.AUTHORIZENET_API_LOGIN_ID!,
      transactionKey: env.AUTHORIZENET_TRANSACTION_KEY!,
      endpoint: env.AUTHORIZENET_ENDPOINT,
      timeoutMs: env.AUTHORIZENET_TIMEOUT_MS,
    },
    webhookSignatureKey,
  };
}
