import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Language } from '@camino/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import shell from '../locales/es/shell.json';
import { storage } from './storage';

export function storedLanguage(): Language {
  return storage.get(STORAGE_KEYS.preferredLanguage) === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

// Ready as soon as this module runs: the Spanish texts of the shell (header, footer, errors) are here;
// every screen adds its own with registerTexts when its chunk loads (issue 15).
void i18next.use(initReactI18next).init({
  resources: { es: { translation: shell } },
  lng: 'es',
  fallbackLng: 'es',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Adds the Spanish texts a module uses (one or more groups from locales/es/), called at the top of the
 * module that shows them, so a screen's texts travel in that screen's chunk.
 */
export function registerTexts(...groups: Record<string, unknown>[]): void {
  for (const group of groups) i18next.addResourceBundle('es', 'translation', group, true, false);
}

/** Spanish comes with each screen; English is fetched whole, only by those who chose it. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' && !i18next.hasResourceBundle('en', 'translation')) {
    const en = await import('../locales/en.json');
    i18next.addResourceBundle('en', 'translation', en.default, true, true);
  }
}

export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  storage.set(STORAGE_KEYS.preferredLanguage, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = storedLanguage();
  if (language !== 'es') await setLanguage(language);
  return i18next;
}

export { i18next };
