import { z } from 'zod';
import { LANGUAGES, VOICE_IDS } from './constants';
import { plainText } from './text';

/** PATCH /api/profile: only these four fields; the plan is never writable from the browser. */
export const profileUpdate = z.strictObject({
  firstName: plainText().trim().max(80).nullable().optional(),
  lastName: plainText().trim().max(80).nullable().optional(),
  preferredLanguage: z.enum(LANGUAGES).optional(),
  voiceId: z.enum(VOICE_IDS).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;
