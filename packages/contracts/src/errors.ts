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
