import { z } from 'zod';
import { plainText } from './text';

export const DELETION_MESSAGES = {
  sent: 'Tu solicitud ha sido enviada correctamente',
  failed: 'Hubo un error al enviar tu solicitud',
  emailRequired: 'Por favor ingresa tu correo electrónico',
  emailInvalid: 'Por favor ingresa un correo electrónico válido',
  contactRequired: 'Por favor ingresa el correo o el teléfono de tu cuenta',
  contactInvalid: 'Escribe un correo válido o un teléfono de 10 dígitos',
  reasonRequired: 'Por favor cuéntanos el motivo',
} as const;

const email = z.email(DELETION_MESSAGES.contactInvalid).max(254);

/**
 * The contact of a signed-out request: an e-mail (lower case) or a US phone number as +1 and 10
 * digits (spaces, dashes and parentheses allowed when typed). Null when it is neither.
 */
export function parseDeletionContact(raw: string): string | null {
  const value = raw.trim();
  if (value.includes('@')) {
    const parsed = email.safeParse(value);
    return parsed.success ? parsed.data.toLowerCase() : null;
  }
  if (!/^[\d\s()+.-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/**
 * POST /api/account/deletion-request (spec call 18): when signed out, the account's e-mail or phone
 * (`contact`; `email` is the older name of the same field).
 */
export const deletionRequest = z.object({
  contact: plainText().trim().max(254).optional(),
  email: plainText().trim().max(254).optional(),
  reason: plainText({ error: DELETION_MESSAGES.reasonRequired })
    .trim()
    .min(1, DELETION_MESSAGES.reasonRequired)
    .max(2000, 'El motivo puede tener hasta 2000 caracteres.'),
});
export type DeletionRequest = z.input<typeof deletionRequest>;

/** GET /api/account/deletion-request: the signed-in user's pending request, if any. */
export const pendingDeletionResponse = z.object({
  pending: z.object({ id: z.string(), createdAt: z.string() }).nullable(),
});
export type PendingDeletion = z.infer<typeof pendingDeletionResponse>;

/** 201: the request is recorded. */
export const deletionRequestResponse = z.object({ ok: z.literal(true) });
