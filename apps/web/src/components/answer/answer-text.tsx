import { useMemo } from 'react';
import { answerParts } from '@/lib/answer-parts';

/**
 * An answer's text with what a person can act on: phone numbers to tap and call, official addresses to
 * open, form numbers (I-130) and phone numbers never broken across lines.
 */
export function AnswerText({ text }: { text: string }) {
  const parts = useMemo(() => answerParts(text), [text]);
  return (
    <>
      {parts.map((part, i) => {
        switch (part.type) {
          case 'phone':
            return (
              <a key={i} href={part.href} className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-600">
                {part.text}
              </a>
            );
          case 'link':
            return (
              <a
                key={i}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold break-words text-brand-700 underline underline-offset-2 hover:text-brand-600"
              >
                {part.text}
              </a>
            );
          case 'form':
            return (
              <span key={i} className="whitespace-nowrap">
                {part.text}
              </span>
            );
          default:
            return part.text;
        }
      })}
    </>
  );
}
