/**
 * One error type, many codes. The server answers `{ error: { code, message } }`; the client maps the
 * code to the spec's Spanish message (or the English catalog) and falls back to `message`.
 */
export const ERROR_MESSAGES = {
  VALIDATION: 'Revisa los datos e inténtalo de nuevo.',
  BAD_REQUEST: 'La solicitud no es válida.',
  UNAUTHENTICATED: 'Por favor inicia sesión para continuar.',
  FORBIDDEN: 'No tienes permiso para hacer esto.',
  NOT_FOUND: 'No encontramos lo que buscas.',
  PAYLOAD_TOO_LARGE: 'El contenido enviado es demasiado grande.',
  RATE_LIMITED: 'Demasiadas solicitudes. Por favor, espera un momento e inténtalo de nuevo.',
  INTERNAL: 'Error procesando la solicitud',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento. Por favor, intenta más tarde.',

  // Accounts (spec section 8 "Authentication").
  AUTH_FAILED: 'Error en la autenticación',
  EMAIL_TAKEN: 'Este correo ya está registrado. Por favor, inicia sesión.',
  INVALID_CREDENTIALS: 'Correo o contraseña incorrectos.',
  INVALID_CODE: 'Error al verificar el código',
  CODE_SEND_FAILED: 'Error al enviar el código',
  PHONE_NOT_REGISTERED: 'Este número no está registrado. Crea tu cuenta primero.',
  INVALID_RESET_TOKEN: 'El enlace para cambiar tu contraseña no es válido o ya venció. Pide uno nuevo.',

  // The assistant (spec section 8 "Language model" and "Limits").
  LIMIT_REACHED: 'Límite alcanzado: Has alcanzado el límite de consultas gratuitas. Actualiza tu plan para continuar.',
  GUEST_LIMIT_REACHED: 'Ya usaste tus 2 preguntas de prueba. Crea tu cuenta gratis para seguir preguntando.',
  MODEL_INVALID_KEY: 'API key inválida. Por favor, contacta al administrador.',
  MODEL_QUOTA: 'La cuota de API se ha agotado. Por favor, contacta al administrador.',
  MODEL_RATE_LIMITED: 'Se ha excedido el límite de solicitudes. Por favor, intenta más tarde.',
  MODEL_EMPTY: 'No se recibió respuesta del modelo de lenguaje. Por favor, inténtalo de nuevo.',
  MODEL_ERROR: 'Hubo un error al procesar tu pregunta. Por favor, inténtalo de nuevo.',

  // Voice: text-to-speech and transcription (spec section 8 "Text-to-speech", decisions D2).
  SPEECH_NOT_ALLOWED: 'La voz está disponible durante tu prueba gratuita. Crea tu cuenta gratis para seguir usándola.',
  TTS_NOT_CONFIGURED: 'La voz del servidor no está configurada; se usa la voz del navegador.',
  TTS_INVALID_KEY: 'La clave del servicio de voz no es válida. Por favor, contacta al administrador.',
  TTS_QUOTA: 'Se agotó la cuota del servicio de voz. Por favor, contacta al administrador.',
  TTS_BUSY: 'El servicio de voz está ocupado. Inténtalo en un momento.',
  TTS_TOO_LONG: 'El texto es demasiado largo para leerlo en voz alta.',
  TTS_ERROR: 'No se pudo generar el audio. Por favor, inténtalo de nuevo.',
  STT_NOT_CONFIGURED: 'La transcripción en el servidor no está configurada; se usa el reconocimiento de voz del navegador.',
  STT_NO_AUDIO: 'No recibimos el audio. Intenta grabar tu pregunta de nuevo.',
  STT_AUDIO_TOO_LARGE: 'La grabación es demasiado larga. Haz una pregunta más corta.',
  STT_EMPTY: 'No te escuchamos bien. Intenta de nuevo, más cerca del micrófono.',
  STT_ERROR: 'No pudimos entender el audio. Por favor, inténtalo de nuevo.',

  // Documents (spec section 8 "Documents", decisions D9). The download message names the document.
  DOCUMENT_FILE_MISSING: 'No se pudo descargar el documento. El archivo no se encuentra en el sistema.',
  DOCUMENT_LINK_INVALID: 'El enlace de descarga no es válido. Vuelve a pedirlo desde Documentos.',
  DOCUMENT_LINK_EXPIRED: 'El enlace de descarga venció. Vuelve a pedirlo desde Documentos.',

  // Payments (spec section 8 "Payment", decisions D7). Three texts are English on purpose: they are the
  // gateway's own texts, which the browser maps to Spanish ("already been registered", "invalid
  // authentication values", "duplicate subscription").
  PAYMENT_DECLINED: 'La tarjeta fue rechazada. Usa otra tarjeta o llama a tu banco.',
  PAYMENT_EMAIL_REGISTERED: 'A user with this email address has already been registered',
  PAYMENT_DUPLICATE_SUBSCRIPTION: 'You have submitted a duplicate of Subscription. A duplicate subscription will not be created.',
  PAYMENT_GATEWAY_AUTH: 'User authentication failed due to invalid authentication values.',
  PAYMENT_UNAVAILABLE: 'No pudimos conectar con el procesador de pagos. Por favor, intenta nuevamente en unos minutos.',
  PAYMENT_FAILED: 'Error al procesar el pago. Por favor, inténtalo más tarde.',
  PAYMENT_ACCOUNT_FAILED: 'No pudimos crear tu cuenta y anulamos el cobro. Por favor, inténtalo de nuevo.',
  SUBSCRIPTION_NOT_FOUND: 'No tienes una suscripción activa para cancelar.',
  WEBHOOK_SIGNATURE: 'La firma de la notificación no es válida.',
  WEBHOOK_REPLAYED: 'Esta notificación ya fue recibida.',
  WEBHOOK_STALE: 'La notificación es demasiado antigua.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field-level messages for validation errors, keyed by field path. */
    fields?: Record<string, string>;
  };
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'object' &&
    typeof (value as ErrorBody).error?.code === 'string'
  );
}
