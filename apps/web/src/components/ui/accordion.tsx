import { Accordion as Primitive } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/** One item open at a time, and the open one can be closed again (spec: /faq). */
export function Accordion({ items }: { items: AccordionItem[] }) {
  return (
    <Primitive.Root
      type="single"
      collapsible
      className="divide-y divide-navy-900/10 rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-navy-900/5"
    >
      {items.map((item) => (
        <Primitive.Item key={item.id} value={item.id}>
          <Primitive.Header>
            <Primitive.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-navy-900 hover:bg-sand-50 sm:px-6">
              {item.question}
              <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600 transition-transform group-data-[state=open]:rotate-180" />
            </Primitive.Trigger>
          </Primitive.Header>
          <Primitive.Content className="px-5 pb-5 text-muted sm:px-6">{item.answer}</Primitive.Content>
        </Primitive.Item>
      ))}
    </Primitive.Root>
  );
}
