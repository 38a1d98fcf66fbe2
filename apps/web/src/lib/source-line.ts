import type { AnswerSource } from '@camino/contracts';

/** "https://www.uscis.gov/i-130/" -> "uscis.gov/i-130": the address as people read it. */
export function displayUrl(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

/** "2026-11-23" -> "noviembre de 2026" (in the interface's language). */
export function checkedMonth(checked: string, locale: string): string {
  const date = new Date(`${checked}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return checked;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The text an answer is shared with: the answer, then where it comes from. */
export function shareText(answer: string, source: AnswerSource | null, sourceLabel: string): string {
  return source ? `${answer}\n\n${sourceLabel}` : answer;
}
