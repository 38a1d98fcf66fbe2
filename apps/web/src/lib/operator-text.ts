import type { SiteInfo } from '@camino/contracts';

/**
 * Fills {name}, {address} and {email} of a content text with the configured operator (decisions D14).
 * What is not configured is left out with its words, never made up: ", {address}" and the sentence
 * with {email} disappear.
 */
export function fillOperator(template: string, operator: SiteInfo['operator']): string {
  let text = template;
  if (!operator.address) text = text.replace(/,? ?\{address\}/g, '');
  if (!operator.supportEmail) text = text.replace(/ ?[^.]*\{email\}[^.]*\./g, '');
  return text
    .replaceAll('{name}', operator.name)
    .replaceAll('{address}', operator.address ?? '')
    .replaceAll('{email}', operator.supportEmail ?? '')
    .trim();
}
