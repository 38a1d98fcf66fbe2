import type { Page } from '@playwright/test';
import { signUpViaApi } from '../support/accounts';
import { expect, expectAccessible, expectToast, test } from '../support/fixtures';
import { installVoice, speechCancels, spoken } from '../support/voice';

async function askByText(page: Page, question: string) {
  await page.getByLabel('Tu pregunta').fill(question);
  await page.getByRole('button', { name: 'Preguntar' }).click();
}

const CLARIFY = '¿Cómo puedo arreglar papeles?';
const REPLY = 'Entré con visa, vivo aquí y mi esposo es ciudadano';
const FOLLOW_UP = '¿Qué es el formulario I-130?';

test('the conversation stays on screen as a thread, is saved whole, and "Nueva pregunta" starts a new one', async ({ page }) => {
  // Four questions, two pages, two axe runs and screenshots: more than the default on the loaded CI machine.
  test.setTimeout(150_000);
  await signUpViaApi(page);
  await page.goto('/chat');

  await askByText(page, CLARIFY);
  await expect(page.getByTestId('response-box')).toContainText('¿Entraste a Estados Unidos con visa o sin papeles?');
  // A clarifying turn has no source and nothing to share.
  await expect(page.getByTestId('answer-source')).toHaveCount(0);
  await askByText(page, REPLY);
  await expect(page.getByTestId('response-box')).toContainText('I-485');
  await askByText(page, FOLLOW_UP);
  await expect(page.getByTestId('question-box')).toHaveText(FOLLOW_UP);
  await expect(page.getByTestId('response-box')).toContainText('I-130');

  // Every turn, in order, the newest (the live turn) at the bottom.
  const questions = page.getByTestId('thread-question');
  await expect(questions).toHaveText([CLARIFY, REPLY]);
  await expect(page.getByTestId('thread-answer').first()).toContainText('¿Estás ahora dentro de Estados Unidos o en otro país?');
  const boxes = await page
    .locator('[data-testid="thread-question"], [data-testid="question-box"]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
  expect([...boxes].sort((a, b) => a - b)).toEqual(boxes);

  // The live answer names its source, from the knowledge base.
  const live = page.getByTestId('live-turn');
  await expect(live.getByTestId('answer-source')).toHaveText(/^Fuente: uscis\.gov\/i-130 · revisado en [a-z]+ de 20\d\d$/);
  await expect(live.getByTestId('answer-source').getByRole('link', { name: 'uscis.gov/i-130' })).toHaveAttribute('href', 'https://www.uscis.gov/i-130');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 1 de 3');
  await expectAccessible(page);

  await page.screenshot({ path: `/tmp/14a-thread-${page.viewportSize()!.width}.png`, fullPage: true });
  await page.getByTestId('thread-question').last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/14a-thread-view-${page.viewportSize()!.width}.png` });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/14a-thread-1280-from-${size.width}.png`, fullPage: true });
  await page.setViewportSize(size);

  // Saved as one chat with every turn, the clarifying questions included.
  await page.goto('/saved-chats');
  const cards = page.getByTestId('chat-card');
  await expect(cards).toHaveCount(1);
  await cards
    .first()
    .getByRole('button', { name: /^¿Cómo puedo arreglar papeles\?/ })
    .click();
  await expect(cards.first().getByTestId('thread-question')).toHaveText([CLARIFY, REPLY, FOLLOW_UP]);
  await expect(cards.first().getByTestId('thread-answer')).toHaveCount(3);
  await expect(cards.first().getByTestId('thread-answer').first()).toContainText('¿Entraste a Estados Unidos con visa o sin papeles?');
  await expect(cards.first().getByTestId('answer-source').last()).toContainText('uscis.gov/i-130');
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/14a-saved-${page.viewportSize()!.width}.png`, fullPage: true });

  // Back on the chat, the tab's conversation is still there; "Nueva pregunta" starts a new one: an empty
  // thread, then a new saved chat.
  await page.goto('/chat');
  await expect(page.getByTestId('question-box')).toHaveText(FOLLOW_UP);
  await page.getByRole('button', { name: 'Nueva pregunta' }).click();
  await expect(page.getByTestId('question-box')).toHaveCount(0);
  await askByText(page, '¿Qué es el formulario I-90?');
  await expect(page.getByTestId('response-box')).toContainText('I-90');
  await page.getByRole('button', { name: 'Nueva pregunta' }).click();
  await expect(page.getByTestId('thread-turn')).toHaveCount(0);
  await expect(page.getByTestId('question-box')).toHaveCount(0);
  await page.goto('/saved-chats');
  await expect(cards).toHaveCount(2);
});

test('a saved chat can be continued: its follow-up is understood with it and added to the same chat', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await askByText(page, FOLLOW_UP);
  await expect(page.getByTestId('response-box')).toContainText('I-130');
  await page.getByRole('button', { name: 'Nueva pregunta' }).click();
  await expect(page.getByTestId('question-box')).toHaveCount(0);

  await page.goto('/saved-chats');
  const card = page.getByTestId('chat-card');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: /^¿Qué es el formulario I-130\?/ }).click();
  await card.getByRole('button', { name: 'Seguir esta conversación' }).click();

  // Back on the chat with the saved conversation; "¿y cuánto cuesta?" is the I-130's fee.
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByTestId('question-box')).toHaveText(FOLLOW_UP);
  await askByText(page, '¿y cuánto cuesta?');
  await expect(page.getByTestId('response-box')).toContainText('675');
  await expect(page.getByTestId('thread-question')).toHaveText([FOLLOW_UP]);

  // Still one saved chat, now with both questions.
  await page.goto('/saved-chats');
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: /^¿Qué es el formulario I-130\?/ }).click();
  await expect(card.getByTestId('thread-question')).toHaveText([FOLLOW_UP, '¿y cuánto cuesta?']);
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/saved-continue-${page.viewportSize()!.width}.png`, fullPage: true });
});

test('answers people can act on: numbers to call, official links, unbroken form numbers, Compartir', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__shared = [];
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void (window as any).__shared.push(data) });
  });
  await signUpViaApi(page);
  await page.goto('/chat');
  await askByText(page, '¿Cómo sé cuándo es mi audiencia en la corte de inmigración?');
  const answer = page.getByTestId('response-box');
  const phone = answer.getByRole('link', { name: '1-800-898-7180' });
  await expect(phone).toHaveAttribute('href', 'tel:+18008987180');
  expect(await phone.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
  await expect(answer.getByRole('link', { name: 'acis.eoir.justice.gov' })).toHaveAttribute('href', 'https://acis.eoir.justice.gov');

  await askByText(page, '¿Cómo encuentro a mi esposo detenido por ICE?');
  await expect(answer.getByRole('link', { name: 'locator.ice.gov' })).toHaveAttribute('href', 'https://locator.ice.gov');

  await askByText(page, '¿Qué es el formulario I-130?');
  const form = answer.getByText('I-130', { exact: true }).first();
  expect(await form.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
  // The form number fits on one line even in a narrow answer.
  expect(await form.evaluate((el) => el.getClientRects().length)).toBe(1);

  // Compartir: the phone's share sheet gets the answer and its source.
  await page.getByTestId('live-turn').getByRole('button', { name: 'Compartir' }).click();
  await expect.poll(() => page.evaluate(() => (window as any).__shared.length)).toBe(1);
  const shared = await page.evaluate(() => (window as any).__shared[0] as { text: string });
  expect(shared.text).toContain('I-130');
  expect(shared.text).toMatch(/Fuente: uscis\.gov\/i-130 · revisado en [a-z]+ de 20\d\d$/);
  // Earlier answers can be shared too.
  await expect(page.getByTestId('thread-turn').getByRole('button', { name: 'Compartir' })).toHaveCount(2);
  await expectAccessible(page);
});

test('Compartir without a share sheet copies the answer and says so in Spanish', async ({ page }) => {
  await page.addInitScript(() => {
    (window as any).__copied = [];
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (window as any).__copied.push(text) },
    });
  });
  await signUpViaApi(page);
  await page.goto('/chat');
  await askByText(page, '¿Qué es el formulario I-130?');
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expectToast(page, 'Respuesta copiada');
  const copied = await page.evaluate(() => (window as any).__copied as string[]);
  expect(copied).toHaveLength(1);
  expect(copied[0]).toContain('I-130');
});

test('reading aloud can be stopped, and a new question while it reads stops it and goes on', async ({ page }) => {
  // Each sentence is spoken for 3 seconds, so the reading lasts long enough to be stopped.
  await installVoice(page, { speechMs: 3000 });
  await signUpViaApi(page);
  await page.goto('/chat');
  await askByText(page, '¿Qué es el formulario I-864?');
  const hint = page.getByTestId('voice-hint');
  await expect(hint).toHaveText('Escuchando respuesta...');
  const stop = page.getByRole('button', { name: 'Detener lectura' });
  await expect(stop).toBeVisible();
  // The inputs stay usable while the answer is read.
  await expect(page.getByLabel('Tu pregunta')).toBeEnabled();
  await expect(page.getByTestId('mic-button')).toBeEnabled();
  await stop.click();
  await expect(stop).toHaveCount(0);
  await expect(page.getByTestId('mic-button')).toHaveAttribute('data-state', 'idle');
  expect(await speechCancels(page)).toBe(1);
  const heard = (await spoken(page)).length;
  await page.waitForTimeout(3500);
  expect((await spoken(page)).length).toBe(heard);
  // The answer stays on screen.
  await expect(page.getByTestId('response-box')).toContainText('I-864');
  await expectAccessible(page);

  // A new question while the answer is read: the reading stops, the new question is answered and read.
  await askByText(page, '¿Qué es el formulario I-90?');
  await expect(stop).toBeVisible();
  const before = (await spoken(page)).length;
  await askByText(page, '¿Qué es el DACA?');
  await expect(page.getByTestId('question-box')).toHaveText('¿Qué es el DACA?');
  await expect(page.getByTestId('thread-question')).toHaveText(['¿Qué es el formulario I-864?', '¿Qué es el formulario I-90?']);
  await expect.poll(() => speechCancels(page)).toBe(2);
  await expect(hint).toHaveText('Escuchando respuesta...');
  const said = (await spoken(page)).slice(before).map((s) => s.text);
  const i90 = await page.getByTestId('thread-answer').last().innerText();
  // Not every sentence of the I-90 answer was read: the reading stopped for the new question.
  expect(said.filter((s) => i90.includes(s)).length).toBeLessThan(3);
});

test('the guest demo keeps its answers readable: the sign-up modal closes back to them', async ({ page }) => {
  await installVoice(page);
  await page.goto('/login');
  await page.getByRole('button', { name: /Prueba el asistente!/ }).click();
  const demo = page.getByRole('dialog', { name: 'Prueba el asistente' });
  await demo.getByLabel('Tu pregunta').fill('¿Qué es el DACA?');
  await demo.getByRole('button', { name: 'Preguntar' }).click();
  await expect(demo.getByTestId('question-box')).toHaveText('¿Qué es el DACA?');
  await expect(demo.getByTestId('mic-button')).toHaveAttribute('data-state', 'idle');
  await demo.getByLabel('Tu pregunta').fill('¿Qué es el TPS?');
  await demo.getByRole('button', { name: 'Preguntar' }).click();
  const prompt = page.getByRole('dialog', { name: /No te pierdas m[aá]s respuestas/ });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: `/tmp/14a-guest-modal-${page.viewportSize()!.width}.png` });
  await prompt.getByRole('button', { name: 'Cerrar' }).click();
  await expect(prompt).toBeHidden();
  // Both answers are still there to reread.
  await expect(demo.getByTestId('thread-question')).toHaveText('¿Qué es el DACA?');
  await expect(demo.getByTestId('question-box')).toHaveText('¿Qué es el TPS?');
  await expect(demo.getByTestId('thread-answer')).toContainText('DACA');
  await expect(demo.getByTestId('response-box')).toContainText('TPS');
  await expectAccessible(page);
});

test('guests: 20 browsers behind one address ask their 2 questions; the 21st gets the sign-up modal, not an error', async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one run is enough: it takes 21 browsers');
  test.setTimeout(300_000);
  const address = `10.251.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const openDemo = async () => {
    const context = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: { 'x-forwarded-for': address } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await installVoice(page);
    await page.goto('/login');
    // The page is HTML before its script runs: a tap before then does nothing (failed once in CI).
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /Prueba el asistente!/ }).click();
    return { context, page, errors, demo: page.getByRole('dialog', { name: 'Prueba el asistente' }) };
  };
  const guest = async () => {
    const { context, page, errors, demo } = await openDemo();
    for (const question of ['¿Qué es el DACA?', '¿Qué es el TPS?']) {
      await demo.getByLabel('Tu pregunta').fill(question);
      await demo.getByRole('button', { name: 'Preguntar' }).click();
      await expect(demo.getByTestId('question-box')).toHaveText(question);
      await expect(demo.getByTestId('response-box')).not.toContainText('Aquí aparecerá la respuesta');
      await expect(demo.getByTestId('mic-button')).toHaveAttribute('data-state', 'idle');
    }
    await expect(page.locator('[data-toast][data-variant="destructive"]')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  };
  // Four at a time, as people in a library would.
  for (let round = 0; round < 5; round++) await Promise.all([guest(), guest(), guest(), guest()]);

  const { context, page, demo } = await openDemo();
  await demo.getByLabel('Tu pregunta').fill('¿Qué es el DACA?');
  await demo.getByRole('button', { name: 'Preguntar' }).click();
  await expect(page.getByRole('dialog', { name: /No te pierdas m[aá]s respuestas/ })).toBeVisible();
  await expect(page.locator('[data-toast][data-variant="destructive"]')).toHaveCount(0);
  await expect(page.getByText(/Ya usaste tus 2 preguntas/)).toHaveCount(0);
  await context.close();
});

test('a reload keeps the conversation of the tab: the thread, and the context of a follow-up; "Nueva pregunta" forgets it', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const first = 'Quiero renovar mi permiso de trabajo, tengo TPS de El Salvador';
  await askByText(page, first);
  await expect(page.getByTestId('response-box')).toContainText('I-765');
  // The conversation is kept once the answer is whole: 'I-765' can show while it is still streaming
  // (a reload then, on a slow machine, found nothing kept: failed once in CI).
  await expect(page.getByTestId('response-box')).toHaveAttribute('aria-busy', 'false');

  await page.reload();
  await expect(page.getByTestId('question-box')).toHaveText(first);
  await expect(page.getByTestId('response-box')).toContainText('I-765');
  // The follow-up is understood with the question before the reload.
  await askByText(page, '¿y cuánto cuesta?');
  await expect(page.getByTestId('thread-question')).toHaveText([first]);
  await expect(page.getByTestId('response-box')).toContainText('dólares');
  await expect(page.getByTestId('response-box')).not.toContainText('solo sé de inmigración');

  await page.getByRole('button', { name: 'Nueva pregunta' }).click();
  await page.reload();
  await expect(page.getByTestId('thread-question')).toHaveCount(0);
  await expect(page.getByTestId('response-box')).toContainText('Aquí aparecerá la respuesta.');
});
