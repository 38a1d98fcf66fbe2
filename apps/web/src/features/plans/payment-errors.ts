import type { TFunction } from '@/lib/i18n';
import { registerTexts } from '@/lib/i18n';
import paymentTexts from '@/locales/es/payment.json';

registerTexts(paymentTexts);

/**
 * The spec's mapping of payment errors (section 8 "Payment"): known gateway and account phrases
 * become the Spanish texts; any other message is shown as it is; an empty one gets the generic text.
 */
export function paymentErrorMessage(error: string | undefined | null, t: TFunction): string {
  const text = (error ?? '').trim();
  if (!text) return t('payment.errors.empty');
  const lower = text.toLowerCase();
  if (lower.includes('duplicate subscription')) return t('payment.errors.duplicate');
  if (lower.includes('already been registered')) return t('payment.errors.registered');
  if (lower.includes('invalid authentication values')) return t('payment.errors.auth');
  return text;
}
