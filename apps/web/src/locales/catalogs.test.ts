import { describe, expect, it } from 'vitest';
import en from './en.json';

/** The Spanish texts, split per screen (locales/es/*.json): each top-level key in exactly one file. */
const groups = Object.values(import.meta.glob<Record<string, unknown>>('./es/*.json', { eager: true, import: 'default' }));
const es: Record<string, unknown> = Object.assign({}, ...groups);

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
  it("no Spanish group repeats another one's key", () => {
    expect(groups.flatMap((group) => Object.keys(group)).length).toBe(Object.keys(es).length);
  });

  it('English has every Spanish key and no other', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('both languages use the same interpolation variables', () => {
    const esVars = placeholders(es);
    for (const [key, vars] of placeholders(en)) expect(vars, key).toEqual(esVars.get(key));
  });

  it('Spanish texts are spelled as corrected (D13): accents, opening marks, "tú", true prices (D6)', () => {
    const texts = [...placeholders(es).keys()].map((key) => [key, key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], es)] as const);
    const uncorrected =
      /(?<![\p{L}])(sesion|contrasena|numero|codigo|electronico|verificacion|autenticacion|seccion|suscripcion|Limite|limite|boton|telefono|informacion|pagina|tambien|aqui|mas respuestas|Haga|Obtenga|ingrese|intente|inicie|contacte|usted|Usted|su pregunta|sus preguntas|gratuito|desde \$4\.99)(?![\p{L}])/u;
    const english = /(?<![\p{L}])(successfully|Success|Failed|Please|Error logging|updated)(?![\p{L}])/u;
    const bad = texts.filter(([, text]) => typeof text === 'string' && (uncorrected.test(text) || english.test(text)));
    expect(bad).toEqual([]);
    // An exclamation or a question opens with its Spanish mark.
    const unopened = texts.filter(([, text]) => typeof text === 'string' && /[!?]/.test(text) && !/[¡¿]/.test(text));
    expect(unopened).toEqual([]);
  });

  it('the English interface has no Spanish leftovers', () => {
    const texts = [...placeholders(en).keys()].map((key) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], en));
    const spanish = /(?<![\p{L}])(Por favor|sesión|contraseña|Cargando|Guardar|Eliminar|exitoso|inténtalo)(?![\p{L}])/u;
    expect(texts.filter((text) => typeof text === 'string' && spanish.test(text))).toEqual([]);
  });

  it('never abbreviates Estados Unidos', () => {
    expect(JSON.stringify(es)).not.toMatch(/EE\.? ?UU|EEUU/);
  });
});
