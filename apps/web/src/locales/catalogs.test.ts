import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(catalog: unknown): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const visit = (value: unknown, prefix: string) => {
    if (typeof value === 'string') result.set(prefix, [...value.matchAll(/{{(\w+)}}/g)].map((m) => m[1]!).sort());
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, prefix ? `${prefix}.${k}` : k);
  };
  visit(catalog, '');
  return result;
}

describe('interface catalogs', () => {
  it('English has every Spanish key and no other', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('both languages use the same interpolation variables', () => {
    const esVars = placeholders(es);
    for (const [key, vars] of placeholders(en)) expect(vars, key).toEqual(esVars.get(key));
  });

  it('never abbreviates Estados Unidos', () => {
    expect(JSON.stringify(es)).not.toMatch(/EE\.? ?UU|EEUU/);
  });
});
