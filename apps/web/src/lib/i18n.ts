import { DEFAULT_LANGUAGE, STORAGE_KEYS, type Language } from '@camino/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from '../locales/es.json';
import { storage } from './storage';

export function storedLanguage(): Language {
  return storage.get(STORAGE_KEYS.preferredLanguage) === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/** Spanish ships in the main bundle; English is fetched only by those who chose it. */
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
  await i18next.use(initReactI18next).init({
    resources: { es: { translation: es } },
    lng: 'es',
    fallbackLng: 'es',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== 'es') await setLanguage(language);
  return i18next;
}

export { i18next };
