import { AUTH_MESSAGES, ERROR_MESSAGES } from '@camino/contracts';
import { AppError } from '../../lib/errors';

/** better-auth's English error codes, turned into the API's Spanish errors (spec section 8). */
export function translateAuthError(status: number, code: string | undefined): AppError {
  switch (code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return new AppError('EMAIL_TAKEN', undefined, undefined, 422);
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
    case 'USER_NOT_FOUND':
      return new AppError('INVALID_CREDENTIALS', undefined, undefined, 401);
    case 'PASSWORD_TOO_SHORT':
      return new AppError('VALIDATION', AUTH_MESSAGES.passwordShort, { password: AUTH_MESSAGES.passwordShort });
    case 'INVALID_EMAIL':
      return new AppError('VALIDATION', AUTH_MESSAGES.emailInvalid, { email: AUTH_MESSAGES.emailInvalid });
    case 'INVALID_PHONE_NUMBER':
      return new AppError('VALIDATION', AUTH_MESSAGES.phoneInvalid, { phoneNumber: AUTH_MESSAGES.phoneInvalid });
    case 'INVALID_OTP':
      return new AppError('INVALID_CODE', 'El código no es correcto. Revísalo e inténtalo de nuevo.');
    case 'OTP_EXPIRED':
    case 'OTP_NOT_FOUND':
      return new AppError('INVALID_CODE', 'El código venció. Pide uno nuevo.');
    case 'TOO_MANY_ATTEMPTS':
      return new AppError('INVALID_CODE', 'Demasiados intentos con este código. Pide uno nuevo.', undefined, 429);
    case 'INVALID_TOKEN':
      return new AppError('INVALID_RESET_TOKEN');
  }
  if (status >= 500) return new AppError('INTERNAL');
  return new AppError('AUTH_FAILED', ERROR_MESSAGES.AUTH_FAILED, undefined, status >= 400 ? status : 400);
}
