import { z } from 'zod';
import { plainText } from './text';

/** The survey's rating questions (spec section 3 "feedback"), in the order of its five sections. */
export const FEEDBACK_SECTIONS = [
  { id: 'general', ratings: ['expectations_met', 'information_clarity', 'intuitive_navigation', 'positive_experience'], open: ['expectations_details'] },
  { id: 'support', ratings: ['support_usefulness', 'resource_effectiveness', 'response_times'], open: ['support_feedback'] },
  { id: 'usability', ratings: ['ease_of_use', 'accessibility', 'clear_processes'], open: ['usability_suggestions'] },
  { id: 'design', ratings: ['visual_appeal', 'readability', 'intuitive_layout'], open: ['design_suggestions'] },
  { id: 'loyalty', ratings: ['would_recommend', 'future_use', 'needs_consideration'], open: ['recommendation_factors'] },
] as const;

export const RATING_IDS = FEEDBACK_SECTIONS.flatMap((s) => s.ratings);
export const OPEN_IDS = FEEDBACK_SECTIONS.flatMap((s) => s.open);
export type RatingId = (typeof RATING_IDS)[number];
export type OpenId = (typeof OPEN_IDS)[number];

export const FEEDBACK_MESSAGES = {
  signIn: 'Debes iniciar sesión para enviar comentarios',
  empty: 'Por favor proporciona al menos una calificación o un comentario',
  thanks: '¡Gracias por tus comentarios!',
  failed: 'Error al enviar los comentarios',
} as const;

const rating = z.number().int().min(1, 'La calificación va de 1 a 5.').max(5, 'La calificación va de 1 a 5.');
const answer = plainText().max(2000, 'Tu respuesta puede tener hasta 2000 caracteres.');

/** POST /api/feedback: every id checked, ratings 1 to 5, at least one rating or one comment. */
export const feedbackRequest = z
  .strictObject({
    ratings: z.strictObject(Object.fromEntries(RATING_IDS.map((id) => [id, rating.optional()])) as Record<RatingId, z.ZodOptional<typeof rating>>).default({}),
    answers: z.strictObject(Object.fromEntries(OPEN_IDS.map((id) => [id, answer.optional()])) as Record<OpenId, z.ZodOptional<typeof answer>>).default({}),
    additionalComments: plainText().max(5000, 'Tus comentarios pueden tener hasta 5000 caracteres.').nullable().optional(),
  })
  .refine((f) => Object.values(f.ratings).some((r) => r !== undefined) || Object.values(f.answers).some((a) => !!a?.trim()) || !!f.additionalComments?.trim(), {
    message: FEEDBACK_MESSAGES.empty,
  });
export type FeedbackRequest = z.input<typeof feedbackRequest>;

/** 201: the survey is stored. */
export const feedbackResponse = z.object({ ok: z.literal(true) });
