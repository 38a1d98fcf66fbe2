import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { parse } from 'yaml';

/** Splits `---` front matter from a Markdown body. */
export function parseMarkdown(source: string): { meta: Record<string, unknown>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error('missing front matter');
  return { meta: parse(match[1] ?? '') as Record<string, unknown>, body: (match[2] ?? '').trim() };
}

/**
 * Turns the Spanish content under content/ into modules at build time, so static pages need no API
 * call: `x.md` exports { meta, body }, `x.md?meta` only the front matter (for lists), `x.yaml` its data.
 */
export function contentPlugin(): Plugin {
  return {
    name: 'camino-content',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (!file) return null;
      if (file.endsWith('.md') && file.includes('/content/')) {
        const { meta, body } = parseMarkdown(readFileSync(file, 'utf8'));
        if (query === 'meta') return `export default ${JSON.stringify(meta)};`;
        return `export const meta = ${JSON.stringify(meta)};\nexport const body = ${JSON.stringify(body)};`;
      }
      if (file.endsWith('.yaml') && file.includes('/content/')) {
        return `export default ${JSON.stringify(parse(readFileSync(file, 'utf8')))};`;
      }
      return null;
    },
  };
}
