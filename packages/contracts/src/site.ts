import { z } from 'zod';

/** GET /api/site: who runs the service (decisions D14) and the real "inmigrantes ayudados" figure. */
export const siteInfoResponse = z.object({
  operator: z.object({ name: z.string(), address: z.string().nullable(), supportEmail: z.string().nullable() }),
  /** People answered, rounded down to a whole hundred; null while there are 100 or fewer (no number is shown). */
  helped: z.number().int().nonnegative().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoResponse>;

/** D14: past 100 the figure is rounded down to a whole hundred; below that no number is shown. */
export function helpedFigure(people: number): number | null {
  return people > 100 ? Math.floor(people / 100) * 100 : null;
}
