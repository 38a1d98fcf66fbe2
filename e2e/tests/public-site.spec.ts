import { expect, expectAccessible, expectToast, isPhone, test } from '../support/fixtures';

const publicPages = [
  { path: '/landing', heading: '¿Tienes dudas sobre inmigración? Recibe ayuda en minutos.' },
  { path: '/how-it-works', heading: 'Cómo funciona' },
  { path: '/faq', heading: 'Preguntas frecuentes' },
  { path: '/why-trust-us', heading: 'Por qué confiar en nosotros' },
  { path: '/blog', heading: 'Blog' },
  { path: '/blog/caso-mahmoud-khalil', heading: 'El caso de Mahmoud Khalil: lo que un residente permanente debe saber' },
  { path: '/privacy-policy', heading: 'Política de privacidad' },
  { path: '/derechos/ice-en-casa', heading: 'Si ICE llega a tu casa' },
  { path: '/derechos/si-te-detienen', heading: 'Si ICE detuvo a tu familiar o a ti' },
];

for (const { path, heading } of publicPages) {
  test(`${path} renders in Spanish and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Eliminar cuenta' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Camino Claro`);
    await expectAccessible(page);
  });
}

test('/ and unknown paths replace to /landing', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/esto-no-existe/para-nada');
  await expect(page).toHaveURL(/\/landing$/);
  // replace, not push: going back leaves the site instead of returning to the unknown path.
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3);
});

for (const path of ['/chat', '/saved-chats', '/settings', '/feedback']) {
  test(`${path} is protected and sends to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('the navigation holds every link of the spec and a drawer on phones', async ({ page }) => {
  await page.goto('/landing');
  const names = ['Inicio', 'Cómo funciona', 'Por qué confiar', 'Documentos', 'Blog', 'Privacidad', 'Chat', 'Mis chats', 'Configuración'];
  if (isPhone(page)) {
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer).toBeVisible();
    for (const name of [...names, 'Preguntas frecuentes']) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(drawer).toBeHidden();
  } else {
    const header = page.getByRole('banner').first();
    for (const name of [...names, 'Preguntas']) await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
    await header.getByRole('link', { name: 'Cómo funciona', exact: true }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
  }
});

test('the landing page has every section and the call to action twice', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/landing');
  await expect(page.getByRole('heading', { name: 'Resuelve tus dudas de inmigración: 7 días por $1' })).toBeVisible();
  for (const item of ['Preguntas ilimitadas', 'Respuestas 24/7', 'Descarga de formularios en PDF', 'Úsalo en tu teléfono o computadora']) {
    await expect(page.getByText(item, { exact: true })).toBeVisible();
  }
  for (const step of ['Crea tu cuenta', 'Explica tu situación', 'Recibe orientación', 'Accede a tus documentos']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await expect(page.locator('figure')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Ver todas las preguntas' })).toHaveAttribute('href', '/faq');
  await expect(page.getByRole('link', { name: 'Ver todos los artículos' })).toHaveAttribute('href', '/blog');
  const blogSection = page.getByRole('region', { name: 'Lo último del blog' });
  await expect(blogSection.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Empieza por $1' })).toHaveCount(2);
});

test('the counter: the server figure inline, then fixed with a close button, hover message, out of the footer', async ({ page }) => {
  // A real figure from the server (decisions D14); here the answer is set to one in the thousands.
  await page.route('**/api/site', async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: { ...real, helped: 6000 } });
  });
  await page.goto('/landing');
  const card = page.getByTestId('counter-card');
  await expect(card).toContainText('Más de 6.000 inmigrantes ayudados');
  await expect(card).toHaveAttribute('data-fixed', 'false');
  await expect(card.getByRole('button', { name: 'Ocultar contador' })).toHaveCount(0);

  // Hover (or tap on a phone) shows the message.
  const message = page.getByTestId('counter-message');
  await expect(message).toBeHidden();
  if (isPhone(page)) await card.getByRole('button').first().tap();
  else await card.getByRole('button').first().hover();
  await expect(message).toHaveText('Miles de inmigrantes ya han recibido ayuda. ¡Únete ahora!');

  // Scrolled past the header, the card becomes fixed at the bottom right and can be closed.
  await page.getByRole('heading', { name: 'Lo último del blog' }).scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-fixed', 'true');
  const box = await card.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
  expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 40);
  // At the footer it steps aside: the operator and support lines stay readable.
  await page.getByTestId('footer-operator').scrollIntoViewIfNeeded();
  await expect(card).toBeHidden();
  await page.getByRole('heading', { name: 'Lo último del blog' }).scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Ocultar contador' }).click();
  await expect(card).toBeHidden();
});

test('the FAQ accordion opens one answer at a time and closes it again', async ({ page }) => {
  await page.goto('/faq');
  const triggers = page.getByRole('button').filter({ hasText: '?' });
  await expect(triggers).toHaveCount(8);
  const first = triggers.nth(0);
  const second = triggers.nth(1);
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  // Keyboard works too.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Pregúntale al asistente' })).toHaveAttribute('href', '/login');
});

test('the blog: featured article, all five, static pagination, article and share', async ({ page, context }) => {
  await page.goto('/blog');
  await expect(page.getByRole('region', { name: 'Artículo destacado' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Todos los artículos' }).getByRole('article')).toHaveCount(5);
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  for (const name of ['Anterior', '1', '2', '3', 'Siguiente']) await expect(pagination.getByRole('link', { name, exact: true })).toHaveAttribute('href', '#');

  await page.goto('/blog/caso-mahmoud-khalil');
  await expect(page.getByText('27 de junio de 2025')).toBeVisible();
  await expect(page.getByText('Por Equipo Camino Claro')).toBeVisible();
  expect(await page.locator('.prose-article p').count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole('link', { name: 'Hacer una pregunta' })).toHaveAttribute('href', '/login');

  // Without the Web Share API the link is copied to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expectToast(page, 'Enlace copiado al portapapeles');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test('an unknown article says so and leads back to the blog', async ({ page }) => {
  await page.goto('/blog/no-existe-este-articulo');
  await expect(page.getByRole('heading', { name: 'Artículo no encontrado' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
