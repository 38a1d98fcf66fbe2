/**
 * An answer's text cut into the parts a person can act on (issue 14): phone numbers to call, official
 * addresses (.gov) to open, form numbers kept on one line. Everything else stays plain text.
 */
export type AnswerPart =
  | { type: 'text'; text: string }
  | { type: 'phone'; text: string; href: string }
  | { type: 'link'; text: string; href: string }
  | { type: 'form'; text: string };

// 1-800-898-7180, (800) 375-5283, 800-375-5283; 911 on its own.
const PHONE = String.raw`(?:\b1[-.\s])?(?:\(\d{3}\)\s?|\b\d{3}[-.\s])\d{3}[-.\s]\d{4}\b|(?<![\d$.,])\b911\b(?![\d.,]\d)`;
// uscis.gov, locator.ice.gov, https://www.uscis.gov/i-130: official (.gov) addresses only.
const LINK = String.raw`\b(?:https?:\/\/)?(?:[a-z0-9-]+\.)+gov\b(?:\/[\w\-./?=&%#]*)?`;
// I-130, N-400, DS-160, I-821D, EOIR-33, AR-11, I-130A.
const FORM = String.raw`\b[A-Z]{1,5}-\d{1,4}[A-Z]{0,3}\b`;
const PATTERN = new RegExp(`(${PHONE})|(${LINK})|(${FORM})`, 'gi');

/** A link's text without the period or parenthesis that ends the sentence around it. */
function trimLink(text: string): string {
  return text.replace(/[.,;:!?)\]]+$/, '');
}

export function answerParts(answer: string): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  const push = (part: AnswerPart) => {
    const previous = parts.at(-1);
    if (part.type === 'text' && previous?.type === 'text') previous.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of answer.matchAll(PATTERN)) {
    const [whole, phone, link, form] = match;
    const start = match.index;
    if (start > last) push({ type: 'text', text: answer.slice(last, start) });
    let end = start + whole.length;
    if (phone) {
      const digits = phone.replace(/\D/g, '');
      push({ type: 'phone', text: phone, href: digits.length === 3 ? `tel:${digits}` : `tel:+1${digits.slice(-10)}` });
    } else if (link) {
      const text = trimLink(link);
      end = start + text.length;
      push({ type: 'link', text, href: /^https?:\/\//i.test(text) ? text : `https://${text}` });
    } else if (form && form === form.toUpperCase()) {
      push({ type: 'form', text: form });
    } else {
      push({ type: 'text', text: whole });
    }
    last = end;
  }
  if (last < answer.length) push({ type: 'text', text: answer.slice(last) });
  return parts;
}
