import { signUpViaApi } from '../support/accounts';
import { expect, expectAccessible, expectToast, test } from '../support/fixtures';
import { hear, installVoice, recognitionFails, spoken, transitions, type VoiceScript } from '../support/voice';

test('a voice question: idle -> listening -> processing -> speaking -> idle, spoken sentence by sentence', async ({ page }) => {
  await installVoice(page);
  await signUpViaApi(page);
  await page.goto('/chat');
  const mic = page.getByTestId('mic-button');
  const hint = page.getByTestId('voice-hint');
  await expect(hint).toHaveText('Oprime el botón verde para hacer tu pregunta');
  await expect(mic).toHaveAttribute('data-state', 'idle');
  await expectAccessible(page);

  await mic.click();
  await expect(mic).toHaveAttribute('data-state', 'listening');
  await expect(hint).toHaveText('Oprime para detener');
  await expect(mic).toHaveAccessibleName('Detener y enviar la pregunta');

  // The transcript shows the interim text, then the last final text.
  await hear(page, '¿Cómo renuevo', false);
  await expect(page.getByTestId('transcript-box')).toContainText('¿Cómo renuevo');
  await hear(page, '¿Cómo renuevo mi DACA?  ', true);
  await expect(page.getByTestId('transcript-box')).toContainText('¿Cómo renuevo mi DACA?');

  await mic.click();
  await expect(page.getByTestId('question-box')).toHaveText('¿Cómo renuevo mi DACA?');
  await expect(page.getByTestId('response-box')).toContainText('I-821D');
  await expect(mic).toHaveAttribute('data-state', 'idle');
  await expect(hint).toHaveText('Oprime el botón verde para hacer tu pregunta');

  expect(await transitions(page)).toEqual(['idle', 'listening', 'processing', 'speaking', 'idle']);
  const answer = (await page.getByTestId('response-box').innerText()).replace(/^Respuesta\s*/, '').trim();
  const said = await spoken(page);
  expect(said.map((s) => s.text).join(' ')).toBe(answer);
  expect(said.length).toBeGreaterThanOrEqual(3);
  expect(said.every((s) => s.voice === 'Paulina' && s.lang === 'es-MX')).toBe(true);
  await expect(page.getByTestId('usage-counter')).toHaveText('Consultas restantes: 2 de 3');
});

test('while processing the inputs are disabled; while the answer is read they are usable (issue 14)', async ({ page }) => {
  // Each sentence is spoken for a second, so the speaking state lasts long enough to be seen.
  await installVoice(page, { speechMs: 1000 });
  await signUpViaApi(page);
  await page.goto('/chat');
  // The answer is held back a moment, so the processing state can be seen.
  await page.route('**/api/assistant/ask**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.getByLabel('Tu pregunta').fill('¿Qué es el formulario I-864?');
  await page.getByRole('button', { name: 'Preguntar' }).click();
  await expect(page.getByTestId('voice-hint')).toHaveText('Procesando pregunta...');
  await expect(page.getByTestId('mic-button')).toBeDisabled();
  await expect(page.getByLabel('Tu pregunta')).toBeDisabled();
  await expect(page.getByTestId('voice-hint')).toHaveText('Escuchando respuesta...');
  await expect(page.getByTestId('mic-button')).toBeEnabled();
  await expect(page.getByLabel('Tu pregunta')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Detener lectura' })).toBeVisible();
  await expect(page.getByTestId('voice-hint')).not.toHaveText('Escuchando respuesta...');
  await expect(page.getByRole('button', { name: 'Detener lectura' })).toHaveCount(0);
});

const problems: Array<[string, VoiceScript, string, string?]> = [
  ['no speech recognition', { noRecognition: true }, 'No soportado'],
  ['no media-device API', { noMediaDevices: true }, 'Error de compatibilidad'],
  ['a page that is not secure', { insecure: true }, 'Error de seguridad', 'El acceso al micrófono requiere una conexión segura (HTTPS).'],
  ['no active microphone', { deadTrack: true }, 'Error de micrófono'],
  [
    'permission refused',
    { getUserMediaError: 'NotAllowedError' },
    'Permiso denegado',
    'Permite el acceso al micrófono en la configuración de tu navegador y vuelve a intentarlo.',
  ],
  ['no microphone', { getUserMediaError: 'NotFoundError' }, 'Micrófono no encontrado'],
  ['recognition that cannot start', { startThrows: true }, 'Error', 'No se pudo iniciar el reconocimiento de voz. Recarga la página e inténtalo de nuevo.'],
];

for (const [name, script, title, description] of problems) {
  test(`microphone problem: ${name} -> "${title}", back to idle`, async ({ page }) => {
    await installVoice(page, script);
    await signUpViaApi(page);
    await page.goto('/chat');
    await page.getByTestId('mic-button').click();
    await expectToast(page, title);
    if (description) await expectToast(page, description);
    await expect(page.getByTestId('mic-button')).toHaveAttribute('data-state', 'idle');
    await expect(page.locator('[data-toast][data-variant="destructive"]').first()).toBeVisible();
  });
}

test('recognition refused while listening -> "Acceso denegado"; no speech is only logged', async ({ page }) => {
  await installVoice(page);
  await signUpViaApi(page);
  await page.goto('/chat');
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const mic = page.getByTestId('mic-button');
  await mic.click();
  await recognitionFails(page, 'no-speech');
  await expect(mic).toHaveAttribute('data-state', 'listening');
  await expect(page.locator('[data-toast]')).toHaveCount(0);
  expect(logs.some((l) => l.includes('no speech'))).toBe(true);
  await recognitionFails(page, 'not-allowed');
  await expectToast(page, 'Acceso denegado');
  await expect(mic).toHaveAttribute('data-state', 'idle');
});

test('the guest demo: two one-sentence answers, the sign-up modal about a second later, and again on a third try', async ({ page }) => {
  await installVoice(page);
  await page.goto('/login');
  await page.getByRole('button', { name: /¡Prueba el asistente!/ }).click();
  const demo = page.getByRole('dialog', { name: 'Prueba el asistente' });
  await expect(demo).toBeVisible();
  await expectAccessible(page);
  const mic = demo.getByTestId('mic-button');
  const prompt = page.getByRole('dialog', { name: '¡No te pierdas más respuestas!' });

  for (const question of ['¿Qué es el DACA?', '¿Cómo puedo arreglar papeles?']) {
    await mic.click();
    await hear(page, question, true);
    await mic.click();
    await expect(demo.getByTestId('question-box')).toHaveText(question);
    await expect(mic).toHaveAttribute('data-state', 'idle');
    // The sign-up modal waits about a second after the answer has been heard: not there yet.
    expect(await prompt.isVisible()).toBe(false);
    const answer = (await demo.getByTestId('response-box').innerText()).replace(/^Respuesta\s*/, '').trim();
    expect(answer.split(/(?<=[.!?])\s+/)).toHaveLength(1);
    expect(answer).not.toContain('?');
  }
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  expect((await spoken(page)).length).toBe(2);

  await prompt.getByRole('button', { name: 'Crear cuenta gratis' }).click();
  await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();

  // A third attempt shows the modal instead of asking.
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('button', { name: /¡Prueba el asistente!/ }).click();
  await page.getByRole('dialog', { name: 'Prueba el asistente' }).getByTestId('mic-button').click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Ya tengo cuenta' }).click();
  await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
});

test('the server limits the demo too: clearing the browser storage does not give a third answer', async ({ page, context }) => {
  await installVoice(page);
  for (const q of ['¿Qué es el TPS?', '¿Qué es el I-90?']) {
    const response = await page.request.post('/api/assistant/ask', { data: { message: q, mode: 'guest' } });
    expect(response.status()).toBe(200);
  }
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  const third = await page.request.post('/api/assistant/ask', { data: { message: '¿Y la ciudadanía?', mode: 'guest' } });
  expect(third.status()).toBe(403);
  expect((await context.cookies()).some((c) => c.name === 'camino.guest')).toBe(true);
});
