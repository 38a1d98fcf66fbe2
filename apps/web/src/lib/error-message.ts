import { ApiError } from './api-client';
import { currentLanguage, type TFunction } from './i18n';

/**
 * The user-facing text of an error. The server's messages are the spec's Spanish texts (and more
 * specific than a code), so Spanish shows them as they are; English shows the catalog's text for the
 * code. Anything that is not an API error gets the fallback.
 */
export function errorMessage(error: unknown, t: TFunction, fallback?: string): string {
  if (error instanceof ApiError) {
    if (currentLanguage() === 'en') return t(`errors.${error.code}`, { defaultValue: error.message });
    return error.message || fallback || t('errors.INTERNAL');
  }
  return fallback ?? t('errors.INTERNAL');
}
