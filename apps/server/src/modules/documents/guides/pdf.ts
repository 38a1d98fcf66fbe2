import { PDFDocument, PDFString, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { KnowledgeEntry } from '../../assistant';
import { spanishDate, toWinAnsi } from './text';

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 };
const MARGIN = { x: 60, top: 64, bottom: 64 };
const WIDTH = PAGE.width - 2 * MARGIN.x;
const FOOTER = 'Camino Claro · Información general, no asesoría legal.';

const COLOR = {
  text: rgb(0.12, 0.12, 0.14),
  muted: rgb(0.38, 0.38, 0.42),
  accent: rgb(0.05, 0.36, 0.42),
  link: rgb(0.05, 0.3, 0.7),
  rule: rgb(0.8, 0.82, 0.84),
};

/** The form a guide is about: a form entry's main form. */
export function guideForm(entry: KnowledgeEntry): string | null {
  return entry.kind === 'form' ? (entry.forms[0] ?? null) : null;
}

/** The guide's title: "Guía del formulario I-485: ..." for a form, "Guía: <title>" for a situation. */
export function guideTitle(entry: KnowledgeEntry): string {
  const form = guideForm(entry);
  return form ? `Guía del formulario ${form}: ${entry.title}` : `Guía: ${entry.title}`;
}

/** The catalog's title of a guide: "Guía del formulario I-485", or "Guía: <title>". */
export function guideCatalogTitle(entry: KnowledgeEntry): string {
  const form = guideForm(entry);
  return form ? `Guía del formulario ${form}` : `Guía: ${entry.title}`;
}

/** The file name of a guide in the bucket (already in its stored, normalised form): GUIA-I-485.pdf. */
export function guideFileName(entry: KnowledgeEntry): string {
  return `GUIA-${(guideForm(entry) ?? entry.id).toUpperCase()}.pdf`;
}

/**
 * A fixed date for the PDF's metadata, derived from the entry (the last day one of its facts was
 * checked), so the same entry always gives the same bytes and the sha256 tells whether anything changed.
 */
function lastChecked(entry: KnowledgeEntry): string {
  return Object.values(entry.sources)
    .map((s) => s.checked)
    .sort()
    .at(-1)!;
}

function fixedDate(entry: KnowledgeEntry): Date {
  const date = new Date(`${lastChecked(entry)}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

const CONFIDENCE: Record<string, string> = { confirmed: 'confirmado en la fuente oficial', secondary: 'fuente secundaria', unconfirmed: 'sin confirmar' };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes text top to bottom, wrapping lines and adding pages as needed. */
class Writer {
  page!: PDFPage;
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Room for `height` more points on this page, or a new page. */
  room(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Wrapped text; `marker` (a bullet, a number) hangs in the indent of the first line. */
  text(
    raw: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; marker?: string; leading?: number; link?: string } = {},
  ): void {
    const { size = 11, bold = false, color = COLOR.text, indent = 0, marker, link } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const leading = options.leading ?? size * 1.4;
    const x = MARGIN.x + indent;
    const lines = wrap(toWinAnsi(raw), font, size, WIDTH - indent);
    lines.forEach((line, index) => {
      this.room(leading);
      this.y -= leading;
      if (index === 0 && marker) {
        this.page.drawText(toWinAnsi(marker), { x: x - font.widthOfTextAtSize(toWinAnsi(marker), size) - 6, y: this.y, size, font, color });
      }
      this.page.drawText(line, { x, y: this.y, size, font, color });
      if (link) addLink(this.doc, this.page, link, [x, this.y - 2, x + font.widthOfTextAtSize(line, size), this.y + size]);
    });
  }

  heading(raw: string): void {
    // Keep a heading with at least two lines of what follows.
    this.room(16 + 13 * 1.3 + 2 * 11 * 1.4);
    this.space(16);
    this.text(raw, { size: 13, bold: true, color: COLOR.accent, leading: 13 * 1.3 });
    this.space(4);
  }

  rule(): void {
    this.room(12);
    this.space(8);
    this.page.drawLine({ start: { x: MARGIN.x, y: this.y }, end: { x: PAGE.width - MARGIN.x, y: this.y }, thickness: 0.75, color: COLOR.rule });
  }
}

/**
 * Splits text into lines no wider than `width`; a word longer than a line (a long address) is cut.
 * Each word is measured once and a line's width is the sum of its words and spaces (measuring every
 * candidate line again made the guides several times slower).
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const space = font.widthOfTextAtSize(' ', size);
  const measure = (s: string) => font.widthOfTextAtSize(s, size);
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(' ').filter(Boolean)) {
    const wordWidth = measure(word);
    if (line && lineWidth + space + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= width) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    let rest = word;
    while (measure(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
    lineWidth = measure(rest);
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

function addLink(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]): void {
  const annotation = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  page.node.addAnnot(annotation);
}

/**
 * The Spanish guide of one knowledge-base entry, as PDF bytes: title, the official name and agency,
 * "Para qué sirve", "Quién lo presenta", "Qué necesitas juntar", "Cómo y dónde presentarlo", "Errores
 * comunes", "Costo" (with the day the fee was checked) and "Enlace oficial"; a footer with the page
 * numbers on every page. Deterministic: the same entry gives the same bytes.
 */
export async function generateGuide(entry: KnowledgeEntry): Promise<Uint8Array> {
  const guide = entry.guide;
  if (!guide) throw new Error(`${entry.id} has no guide`);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const title = guideTitle(entry);
  const date = fixedDate(entry);
  doc.setTitle(toWinAnsi(title), { showInWindowTitleBar: true });
  doc.setAuthor('Camino Claro');
  doc.setSubject(toWinAnsi(entry.description));
  doc.setKeywords([guideForm(entry) ?? entry.id, 'guía', 'inmigración']);
  doc.setLanguage('es');
  doc.setCreator('Camino Claro');
  doc.setProducer('Camino Claro (pdf-lib)');
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const w = new Writer(doc, fonts);
  w.text(title, { size: 19, bold: true, leading: 24 });
  w.space(4);
  const about = entry.official_name ? `${entry.official_name} · ${entry.agency}` : entry.agency;
  w.text(about, { size: 10, color: COLOR.muted });
  w.space(2);
  w.text(entry.description, { size: 11, color: COLOR.muted });
  w.rule();

  w.heading('Para qué sirve');
  w.text(guide.purpose);

  w.heading('Quién lo presenta');
  w.text(guide.who_files);

  w.heading('Qué necesitas juntar');
  for (const item of guide.gather) w.text(item, { indent: 16, marker: '•' });

  w.heading('Cómo y dónde presentarlo');
  guide.how_to_file.forEach((step, index) => w.text(step, { indent: 18, marker: `${index + 1}.` }));

  w.heading('Errores comunes');
  for (const item of guide.mistakes) w.text(item, { indent: 16, marker: '•' });

  // Fees and deadlines, each with where it comes from and when it was checked.
  const facts = entry.sections.flatMap((section) =>
    section.answer.filter((l) => (l.type === 'fee' || l.type === 'deadline') && l.source).map((l) => ({ section, line: l })),
  );
  if (facts.length) {
    w.heading('Costos y plazos');
    const seen = new Set<string>();
    for (const { section, line } of facts) {
      if (seen.has(line.text)) continue;
      seen.add(line.text);
      const source = entry.sources[line.source!]!;
      const prefix = entry.sections.length > 1 ? `${section.title}: ` : '';
      w.text(`${prefix}${line.text.replace(/[.!]$/, '')} (según ${source.by}, revisado el ${spanishDate(source.checked)}).`, { indent: 16, marker: '•' });
    }
    w.space(3);
    w.text('Las tarifas y los plazos cambian: confírmalos en la página oficial antes de pagar o de mandar algo.', { size: 10, color: COLOR.muted });
  }

  w.heading('Fuentes');
  for (const source of Object.values(entry.sources)) {
    w.text(`${source.url} · revisado el ${spanishDate(source.checked)} · ${CONFIDENCE[source.confidence]}`, { size: 10, color: COLOR.link, link: source.url });
  }

  w.heading('Enlace oficial');
  w.text(entry.link, { color: COLOR.link, link: entry.link });

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const footer = toWinAnsi(FOOTER);
    const number = `Página ${index + 1} de ${pages.length}`;
    page.drawLine({ start: { x: MARGIN.x, y: 44 }, end: { x: PAGE.width - MARGIN.x, y: 44 }, thickness: 0.5, color: COLOR.rule });
    page.drawText(footer, { x: MARGIN.x, y: 30, size: 9, font: fonts.regular, color: COLOR.muted });
    page.drawText(toWinAnsi(number), {
      x: PAGE.width - MARGIN.x - fonts.regular.widthOfTextAtSize(toWinAnsi(number), 9),
      y: 30,
      size: 9,
      font: fonts.regular,
      color: COLOR.muted,
    });
  });

  // Without object streams: about 7 KB instead of 4 KB a guide, and generation about twice as fast on
  // a cold start (measured; the seeding runs at every start).
  return doc.save({ useObjectStreams: false });
}
