import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Language } from '@camino/contracts';
import { useSyncExternalStore } from 'react';
import shell from '../locales/es/shell.json';
import { storage } from './storage';

// The app's texts, read by a small function of our own instead of i18next + react-i18next (17 KB gzip
// of the first script, issue 15; docs/decisions/0070-texts-without-i18next.md). It keeps the part of
// their behaviour the app uses: nested keys ("a.b.c"), {{name}} placeholders (not escaped: React
// escapes), plurals by `count` (key_one / key_other, by Intl.PluralRules), `returnObjects` for lists,
// `defaultValue`, Spanish as the fallback language, and the key itself when a text is missing (a
// placeholder without a value becomes empty, as in i18next).

type Texts = Record<string, unknown>;

/** Options of a text: its placeholders' values, and the few options of i18next the app uses. */
export interface TextOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [placeholder: string]: unknown;
}

export interface TFunction {
  /** A list or group of texts (`returnObjects`), as it is in the texts. */
  (key: string, options: TextOptions & { returnObjects: true }): unknown;
  (key: string, options?: TextOptions): string;
}

const texts: Record<Language, Texts> = { es: { ...shell }, en: {} };
let current: Language = 'es';
const listeners = new Set<() => void>();

function lookup(language: Language, key: string): unknown {
  let node: unknown = texts[language];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function find(language: Language, key: string, options: TextOptions | undefined): unknown {
  if (typeof options?.count === 'number') {
    const plural = lookup(language, `${key}_${pluralCategory(language, options.count)}`);
    if (plural !== undefined) return plural;
  }
  return lookup(language, key);
}

function translate(language: Language, key: string, options?: TextOptions): string {
  let value = find(language, key, options);
  if (value === undefined && language !== DEFAULT_LANGUAGE) value = find(DEFAULT_LANGUAGE, key, options);
  if (typeof value === 'string') return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(options?.[name] ?? ''));
  if (value !== undefined && options?.returnObjects) return value as string;
  return options?.defaultValue ?? key;
}

const translators = new Map<Language, TFunction>();
/** The text function of a language (one per language, so it changes only when the language does). */
function fixedT(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) translators.set(language, (t = ((key: string, options?: TextOptions) => translate(language, key, options)) as TFunction));
  return t;
}

/** A text in the current language, outside React. */
export const t = ((key: string, options?: TextOptions) => translate(current, key, options)) as TFunction;

export function currentLanguage(): Language {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The texts in the current language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: { language: Language } } {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: fixedT(language), i18n: { language } };
}

function merge(target: Texts, source: Texts): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing && typeof existing === 'object' && value && typeof value === 'object' && !Array.isArray(value)) merge(existing as Texts, value as Texts);
    else if (existing === undefined) target[key] = value;
  }
}

export function storedLanguage(): Language {
  return storage.get(STORAGE_KEYS.preferredLanguage) === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/**
 * Adds the Spanish texts a module uses (one or more groups from locales/es/), called at the top of the
 * module that shows them, so a screen's texts travel in that screen's chunk.
 */
export function registerTexts(...groups: Texts[]): void {
  for (const group of groups) merge(texts.es, group);
}

/** Spanish comes with each screen; English is fetched whole, only by those who chose it. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' && Object.keys(texts.en).length === 0) {
    const en = await import('../locales/en.json');
    merge(texts.en, en.default as Texts);
  }
}

export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storage.set(STORAGE_KEYS.preferredLanguage, language);
  document.documentElement.lang = language;
  if (current === language) return;
  current = language;
  for (const listener of listeners) listener();
}

export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  if (language !== 'es') await setLanguage(language);
}
