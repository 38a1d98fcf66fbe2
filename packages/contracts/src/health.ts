import { z } from 'zod';

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponse>;
