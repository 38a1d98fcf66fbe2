import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from '@camino/contracts';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  AUTH_FAILED: 400,
  EMAIL_TAKEN: 422,
  INVALID_CREDENTIALS: 401,
  INVALID_CODE: 400,
  CODE_SEND_FAILED: 502,
  PHONE_NOT_REGISTERED: 404,
  INVALID_RESET_TOKEN: 400,
  LIMIT_REACHED: 403,
  GUEST_LIMIT_REACHED: 403,
  MODEL_INVALID_KEY: 502,
  MODEL_QUOTA: 502,
  MODEL_RATE_LIMITED: 503,
  MODEL_EMPTY: 502,
  MODEL_ERROR: 502,
  SPEECH_NOT_ALLOWED: 403,
  TTS_NOT_CONFIGURED: 409,
  TTS_INVALID_KEY: 502,
  TTS_QUOTA: 502,
  TTS_BUSY: 503,
  TTS_TOO_LONG: 422,
  TTS_ERROR: 502,
  STT_NOT_CONFIGURED: 409,
  STT_NO_AUDIO: 400,
  STT_AUDIO_TOO_LARGE: 413,
  STT_EMPTY: 422,
  STT_ERROR: 502,
  DOCUMENT_FILE_MISSING: 404,
  DOCUMENT_LINK_INVALID: 403,
  DOCUMENT_LINK_EXPIRED: 410,
  PAYMENT_DECLINED: 402,
  PAYMENT_EMAIL_REGISTERED: 409,
  PAYMENT_DUPLICATE_SUBSCRIPTION: 409,
  PAYMENT_GATEWAY_AUTH: 502,
  PAYMENT_UNAVAILABLE: 502,
  PAYMENT_FAILED: 502,
  PAYMENT_ACCOUNT_FAILED: 500,
  SUBSCRIPTION_NOT_FOUND: 404,
  WEBHOOK_SIGNATURE: 401,
  WEBHOOK_REPLAYED: 409,
  WEBHOOK_STALE: 400,
};

/** The one error type of the API. Its message is user-facing Spanish; never put internals in it. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
    status?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? STATUS[code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
