import { signUpViaApi } from '../support/accounts';
import { expect, expectAccessible, expectToast, test } from '../support/fixtures';

async function askByText(page: import('@playwright/test').Page, question: string) {
  await page.getByLabel('Tu pregunta').fill(question);
  await page.getByRole('button', { name: 'Preguntar' }).click();
}

test('ask by text: the answer streams in, the counter goes 3 -> 2 -> 1 -> 0, then the limit', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Asistente Legal de Inmigración' })).toBeVisible();
  await expect(page.getByText('Obtén respuestas a tus preguntas sobre inmigración de manera rápida y sencilla')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pregunta por voz o por texto' })).toBeVisible();
  const counter = page.getByTestId('usage-counter');
  await expect(counter).toHaveText('Consultas restantes: 3 de 3');
  await expectAccessible(page);

  // An empty question is not sent.
  await expect(page.getByRole('button', { name: 'Preguntar' })).toBeDisabled();

  const questions = ['¿Cómo renuevo mi DACA?', '¿Qué formulario necesito para pedir una visa de turista?', '¿Cuánto tarda la naturalización?'];
  const forms = ['I-821D', 'DS-160', 'N-400'];
  for (const [i, question] of questions.entries()) {
    await askByText(page, question);
    await expect(page.getByTestId('question-box')).toHaveText(question);
    await expect(page.getByTestId('response-box')).toContainText(forms[i]!);
    await expect(page.getByTestId('response-box')).toContainText('sección Documentos de la app');
    await expect(counter).toHaveText(`Consultas restantes: ${2 - i} de 3`);
  }
  await expect(page.getByTestId('limit-notice')).toContainText('Has alcanzado el límite de consultas gratuitas');
  await expect(page.getByTestId('limit-notice')).toContainText(
    'Límite alcanzado: Has alcanzado el límite de consultas gratuitas. Actualiza tu plan para continuar.',
  );
  await expect(page.getByLabel('Tu pregunta')).toBeDisabled();

  // The counter comes from the server: a reload shows the same.
  await page.reload();
  await expect(counter).toHaveText('Consultas restantes: 0 de 3');
  await expect(page.getByLabel('Tu pregunta')).toBeDisabled();
});

test('a question that could not be sent comes back to the box: nothing typed is lost', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const question = 'mi esposo tiene corte el lunes y lo tienen detenido, que hago';
  // The phone loses the connection while the question is on its way.
  await page.route('**/api/assistant/ask**', (route) => route.abort('internetdisconnected'));
  await askByText(page, question);
  await expectToast(page, 'Error');
  await expect(page.getByLabel('Tu pregunta')).toHaveValue(question);
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 3 de 3');
  // Back online, it is sent as it was typed.
  await page.unroute('**/api/assistant/ask**');
  await page.getByRole('button', { name: 'Preguntar' }).click();
  await expect(page.getByTestId('question-box')).toHaveText(question);
  await expect(page.getByTestId('response-box')).toContainText('locator.ice.gov');
  await expect(page.getByLabel('Tu pregunta')).toHaveValue('');
});

test('a legalization question gets two clarifying questions first, then the answer', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await askByText(page, '¿Cómo puedo arreglar papeles?');
  const response = page.getByTestId('response-box');
  await expect(response).toContainText('¿Entraste a Estados Unidos con visa o sin papeles?');
  await expect(response).toContainText('¿Estás ahora dentro de Estados Unidos o en otro país?');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 3 de 3');

  await askByText(page, 'Entré con visa, vivo aquí y mi esposo es ciudadano');
  await expect(response).toContainText('I-130');
  await expect(response).toContainText('I-485');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 2 de 3');
});

test('saved chats: listed newest first, expanded, deleted; another user never sees them', async ({ page, browser }) => {
  await signUpViaApi(page);
  await page.goto('/saved-chats');
  await expect(page.getByText('No hay chats guardados aún.')).toBeVisible();

  await page.goto('/chat');
  await askByText(page, '¿Qué es el formulario I-864?');
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 2 de 3');
  // One saved chat per conversation: a new question starts the next one.
  await page.getByRole('button', { name: 'Nueva pregunta' }).click();
  const long = 'Mi tarjeta de residente está dañada y quiero saber cómo la reemplazo pronto';
  await askByText(page, long);
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 1 de 3');

  await page.goto('/saved-chats');
  await expect(page.getByRole('heading', { name: 'Mis Chats' })).toBeVisible();
  await expect(page.getByText('Tu historial de conversaciones')).toBeVisible();
  const cards = page.getByTestId('chat-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(`${long.slice(0, 50)}...`);
  await expect(cards.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);

  await cards
    .first()
    .getByRole('button', { name: /^Mi tarjeta de residente/ })
    .click();
  await expect(cards.first()).toContainText(long);
  await expect(cards.first()).toContainText('I-90');

  // Another person, in another browser, sees none of them.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpViaApi(otherPage, { firstName: 'Otra' });
  await otherPage.goto('/saved-chats');
  await expect(otherPage.getByText('No hay chats guardados aún.')).toBeVisible();
  await other.close();

  await cards
    .first()
    .getByRole('button', { name: /Eliminar el chat/ })
    .click();
  await page.getByRole('dialog', { name: '¿Eliminar este chat?' }).getByRole('button', { name: 'Sí, eliminar' }).click();
  await expectToast(page, 'Chat eliminado');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('¿Qué es el formulario I-864?');
});
