/** Business constants of the product (spec section 9). One place, shared by web and server. */

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export const PLANS = ['FREE', 'UNLIMITED'] as const;
export type Plan = (typeof PLANS)[number];
/** Any stored plan value other than UNLIMITED counts as FREE (spec 5, decisions D6). */
export function normalizePlan(value: unknown): Plan {
  return value === 'UNLIMITED' ? 'UNLIMITED' : 'FREE';
}

export const LIMITS = {
  guestQuestions: 2,
  freeConsultations: 3,
  signupModalDelayMs: 1000,
  chatTitleLength: 50,
  questionMaxLength: 1000,
  historyMaxTurns: 8,
  passwordMin: 6,
  generatedPasswordLength: 12,
  phoneDigits: 10,
  phoneCountryCode: '+1',
  verificationCodeLength: 6,
  /** SMS codes one phone number can ask for in an hour (the server's limit; the code dialog says it). */
  smsCodesPerHour: 5,
  /** Seconds the code dialog waits before offering to send another code. */
  resendCodeAfterSeconds: 30,
  nameMin: 2,
  cardNumberMin: 13,
  cardNumberMax: 19,
  cvvMin: 3,
  cvvMax: 4,
  expiryInputMax: 5,
  paymentRedirectDelayMs: 3000,
  signedUrlSeconds: 3600,
  storageListLimit: 100,
  iosDownloadToastMs: 5000,
  landingBlogPosts: 3,
  feedbackScaleMin: 1,
  feedbackScaleMax: 5,
  dataRetentionYears: 2,
  mobileBreakpointPx: 768,
} as const;

export const PRICES = {
  trialCents: 100,
  trialDays: 7,
  monthlyCents: 999,
} as const;

/** The assistant voices (spec section 3). The server maps each id to a provider voice. */
export const VOICES = [
  { id: 'custom', labelKey: 'voices.custom', language: 'es', gender: 'female' },
  { id: 'es-female', labelKey: 'voices.esFemale', language: 'es', gender: 'female' },
  { id: 'en-female-1', labelKey: 'voices.enFemale1', language: 'en', gender: 'female' },
  { id: 'en-female-2', labelKey: 'voices.enFemale2', language: 'en', gender: 'female' },
  { id: 'en-male-1', labelKey: 'voices.enMale1', language: 'en', gender: 'male' },
  { id: 'en-male-2', labelKey: 'voices.enMale2', language: 'en', gender: 'male' },
] as const;
export type VoiceId = (typeof VOICES)[number]['id'];
export const VOICE_IDS = VOICES.map((v) => v.id) as [VoiceId, ...VoiceId[]];
export const DEFAULT_VOICE_ID: VoiceId = 'custom';

export const SPEECH = {
  recognitionLang: 'es-ES',
  ttsModel: 'eleven_turbo_v2_5',
  stability: 0.5,
  similarityBoost: 0.75,
  ttsMaxChars: 600,
} as const;

export const MODEL = {
  temperature: 0.7,
  maxTokens: 500,
  maxAttempts: 3,
  rateLimitWaitMs: 2000,
} as const;

/** Browser storage keys (spec section 3 "Browser-stored values"). */
export const STORAGE_KEYS = {
  preferredLanguage: 'preferred_language',
  guestSignupEmail: 'guestSignupEmail',
  guestSignupName: 'guestSignupName',
  pendingRegistrationName: 'pendingRegistrationName',
  guestDemoCount: 'guestDemoCount',
} as const;
