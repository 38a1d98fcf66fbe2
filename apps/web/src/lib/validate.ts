import type { z } from 'zod';

/** The first message of each failing field, keyed by field name (empty when valid). */
export function fieldErrors<T>(schema: z.ZodType<T>, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}
