import { getDocumentProxy } from 'unpdf';

/**
 * The edition an agency prints on its form ("Form I-765 Edition 08/21/25", "Form EOIR-29 Rev. 02/2026",
 * "Form G-1145 09/26/14"),
 * read from the PDF's text with unpdf (PDF.js). The first and last pages hold it; the others are read
 * only when those do not. Null when the PDF has no such line or cannot be read.
 */
const EDITION = /\b(?:Edition|Rev\.?|Revised|Form [A-Z]{1,5}-\d{1,4}[A-Z]{0,3})\s*(\d{1,2}\/\d{1,2}\/\d{2,4}|\d{1,2}\/\d{4})\b/i;

export async function readEdition(bytes: Uint8Array): Promise<string | null> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const order = [...new Set([1, pdf.numPages, ...Array.from({ length: pdf.numPages }, (_, i) => i + 1)])];
    for (const number of order) {
      const page = await pdf.getPage(number);
      const { items } = await page.getTextContent();
      const text = items.map((item) => ('str' in item ? item.str : '')).join(' ');
      const match = EDITION.exec(text);
      if (match) return match[1]!;
    }
    return null;
  } catch {
    return null;
  }
}
