import { z } from 'zod';
import { plainText } from './text';

export const DELETION_MESSAGES = {
  sent: 'Tu solicitud ha sido enviada correctamente',
  failed: 'Hubo un error al enviar tu solicitud',
  emailRequired: 'Por favor ingresa tu correo electrónico',
  emailInvalid: 'Por favor ingresa un correo electrónico válido',
  reasonRequired: 'Por favor cuéntanos el motivo',
} as const;

/** POST /api/account/deletion-request (spec call 18): the e-mail only when signed out. */
export const deletionRequest = z.object({
  email: plainText().trim().max(254).optional(),
  reason: plainText({ error: DELETION_MESSAGES.reasonRequired }).trim().min(1, DELETION_MESSAGES.reasonRequired).max(2000, 'El motivo puede tener hasta 2000 caracteres.'),
});
export type DeletionRequest = z.input<typeof deletionRequest>;

/** 201: the request is recorded. */
export const deletionRequestResponse = z.object({ ok: z.literal(true) });
