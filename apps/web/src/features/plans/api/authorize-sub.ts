import { isErrorBody } from '@camino/contracts';
import type { TFunction } from '@/lib/i18n';
import { paymentErrorMessage } from '../payment-errors';
import { registerTexts } from '@/lib/i18n';
import paymentTexts from '@/locales/es/payment.json';

registerTexts(paymentTexts);

export interface AuthorizeSubBody {
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
  /** Digits only (spaces stripped). */
  cardNumber: string;
  /** YYYY-MM */
  expirationDate: string;
  cvv: string;
}

export type AuthorizeSubOutcome = { ok: true; redirectTo: string } | { ok: false; message: string };

/**
 * Spec call 15. The answer is `{ success, error, session, redirectTo }`; the session cookie is set by
 * the server. Every failure becomes the spec's Spanish text (section 8 "Payment").
 */
export async function authorizeSubscription(body: AuthorizeSubBody, t: TFunction): Promise<AuthorizeSubOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/billing/authorize-sub', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: t('payment.errors.function') };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return { ok: false, message: t('payment.errors.function') };
  }
  try {
    if (isErrorBody(data)) return { ok: false, message: data.error.message };
    const result = data as { success?: boolean; error?: string; redirectTo?: string };
    if (result.success) return { ok: true, redirectTo: result.redirectTo || '/chat' };
    if (typeof result.error === 'string') return { ok: false, message: paymentErrorMessage(result.error, t) };
    return { ok: false, message: response.ok ? t('payment.errors.noSuccess') : t('payment.errors.function') };
  } catch {
    return { ok: false, message: t('payment.errors.unexpected') };
  }
}
