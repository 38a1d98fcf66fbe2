import { z } from 'zod';
import { LIMITS } from './constants';
import { plainText } from './text';

/** Spec section 5 messages, shared by the forms and the server's validation. */
export const AUTH_MESSAGES = {
  nameRequired: 'Por favor ingresa tu nombre',
  emailRequired: 'Por favor ingresa tu correo electrónico',
  emailInvalid: 'Por favor ingresa un correo electrónico válido',
  phoneRequired: 'Por favor ingresa tu número de teléfono',
  phoneInvalid: 'El número debe tener 10 dígitos',
  passwordShort: 'La contraseña debe tener al menos 6 caracteres',
  codeRequired: 'Por favor ingresa el código de verificación',
} as const;

/** +1 followed by 10 digits. */
export const phoneNumberSchema = z.string({ error: AUTH_MESSAGES.phoneRequired }).regex(/^\+1\d{10}$/, AUTH_MESSAGES.phoneInvalid);

/** Keeps digits only, at most 10 (spec section 5: the phone input). */
export function sanitizePhoneInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.phoneDigits);
}

export function toE164(digits: string): string {
  return `${LIMITS.phoneCountryCode}${digits}`;
}

/** POST /api/account/phone/send-code */
export const sendCodeRequest = z.object({
  phoneNumber: phoneNumberSchema,
  intent: z.enum(['register', 'login']),
  firstName: plainText().trim().max(80).optional(),
});
export type SendCodeRequest = z.infer<typeof sendCodeRequest>;

export const sendCodeResponse = z.object({
  /** true when registering a number that already has an account: the code signs in instead. */
  existing: z.boolean(),
});
export type SendCodeResponse = z.infer<typeof sendCodeResponse>;
