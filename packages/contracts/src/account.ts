import { z } from 'zod';
import { LANGUAGES, PLANS, VOICE_IDS } from './constants';

export const profileSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  voiceId: z.enum(VOICE_IDS),
  plan: z.enum(PLANS),
});
export type Profile = z.infer<typeof profileSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  profile: profileSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/me: the signed-in user, or null when signed out (never an error for a missing session). */
export const meResponse = z.object({ user: sessionUserSchema.nullable() });
export type MeResponse = z.infer<typeof meResponse>;
