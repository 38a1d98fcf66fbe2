import faqData from '@content/faq/faq.yaml';

interface RawFaq {
  id: string;
  question_es: string;
  answer_es: string;
  question_en: string;
  answer_en: string;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** The 8 questions of /faq (content/faq/faq.yaml) in the interface language. */
export function faqItems(language: string): FaqItem[] {
  return (faqData as RawFaq[]).map((item) => ({
    id: item.id,
    question: language === 'en' ? item.question_en : item.question_es,
    answer: language === 'en' ? item.answer_en : item.answer_es,
  }));
}
