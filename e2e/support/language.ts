import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** English words that never belong in the Spanish interface (whole words, case-sensitive). */
export const ENGLISH_WORDS = [
  'successfully',
  'Success',
  'Failed',
  'failed',
  'Please',
  'please',
  'Submit',
  'Loading',
  'Cancel',
  'Delete',
  'Save',
  'Saved',
  'Settings',
  'Sign in',
  'Sign up',
  'Login',
  'Logout',
  'Log in',
  'Log out',
  'Logged',
  'Password',
  'Required',
  'required',
  'Invalid',
  'invalid',
  'fill out',
  'this field',
  'Search',
  'Download',
  'Close',
  'Menu',
  'Previous',
  'Next',
  'Welcome',
  'Profile',
  'updated',
  'Try again',
  'Unlimited',
  'Free Plan',
  'Error logging',
  'Chat deleted',
  'Your plan',
  'Back',
  'the',
  'and',
  'your',
  'with',
  'you',
];

/** The spellings D13 corrected, and "usted" forms: none may show again. */
export const UNCORRECTED = [
  'sesion',
  'Sesion',
  'contrasena',
  'numero',
  'codigo',
  'Codigo',
  'electronico',
  'verificacion',
  'autenticacion',
  'seccion',
  'suscripcion',
  'Limite',
  'limite',
  'boton',
  'mas respuestas',
  'No te pierdas mas',
  'telefono',
  'informacion',
  'pagina',
  'tambien',
  'aqui',
  'Haga',
  'Obtenga',
  'ingrese',
  'intente',
  'inicie',
  'contacte',
  'usted',
  'Usted',
  'su pregunta',
  'sus preguntas',
  'Complete tu',
  'Más De',
  'Inmigrantes Ayudados',
  'gratuito',
  '4.99',
];

const pattern = (words: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
const english = pattern(ENGLISH_WORDS);
const uncorrected = pattern(UNCORRECTED);

/**
 * Everything a Spanish reader sees or hears on the page now: visible text and the text of labels,
 * placeholders, titles and image descriptions, leaving out what is English on purpose (lang="en": the
 * official privacy policy; a cited source keeps its title, in <cite>).
 */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const skip = (el) => !!el.closest('[lang="en"]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || skip(el) || el.closest('script,style,noscript,cite')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = node.textContent.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt],[aria-description]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
        const value = el.getAttribute(name);
        if (value && value.trim()) out.push(value.trim());
      }
    }
    out.push(document.title);
    return out;
  })()`);
}

/** Fails with every English word and uncorrected spelling found on the page, with where it was. */
export async function expectCleanSpanish(page: Page, where: string): Promise<void> {
  const texts = await pageTexts(page);
  const found: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(english)) found.push(`English "${match[1]}" in «${text.slice(0, 80)}»`);
    for (const match of text.matchAll(uncorrected)) found.push(`uncorrected "${match[1]}" in «${text.slice(0, 80)}»`);
  }
  expect(found, `${where}: ${page.url()}`).toEqual([]);
  // The browser's own validation bubbles ("Please fill out this field.") are never used.
  expect(await page.locator('form:not([novalidate])').count(), `${where}: a form without noValidate`).toBe(0);
}
