import { readFileSync } from 'node:fs';
import { expect, expectAccessible, expectToast, isPhone, test } from '../support/fixtures';
import { E2E_FILES } from '../support/ports';

test('the documents list: a table on desktop, cards on a phone, guides and imported official forms', async ({ page }) => {
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  if (isPhone(page)) {
    await expect(page.getByTestId('documents-table')).toBeHidden();
    await expect(page.getByTestId('document-card').first()).toBeVisible();
  } else {
    await expect(page.getByTestId('documents-cards')).toBeHidden();
    await expect(page.getByRole('columnheader', { name: 'Documento' })).toBeVisible();
  }
  const items = page.getByTestId(isPhone(page) ? 'document-card' : 'document-row');
  expect(await items.count()).toBeGreaterThan(30);
  await expect(items.filter({ hasText: 'Guía del formulario I-485' })).toHaveCount(1);
  await expect(items.filter({ hasText: /Formulario I-765 \(oficial de USCIS/ })).toHaveCount(1);
  await expectAccessible(page);

  // Finding one: by words without accents, or by form number.
  const search = page.getByLabel('Buscar un documento');
  await search.fill('guia permiso de trabajo');
  await expect(items.filter({ hasText: 'Guía del formulario I-765' })).toHaveCount(1);
  await search.fill('I-765');
  await expect(items.filter({ hasText: 'Guía del formulario I-765' })).toHaveCount(1);
  await expect(items.filter({ hasText: /Formulario I-765 \(oficial de USCIS/ })).toHaveCount(1);
  // By everyday words and synonyms of the knowledge base (issue 12).
  for (const [words, title] of [
    ['asilo', 'Guía del formulario I-589'],
    ['mica', 'Guía del formulario I-90'],
    ['fianza', 'Guía: Si ICE detuvo a tu familiar o a ti'],
    ['TPS', 'Guía del formulario I-821'],
  ] as const) {
    await search.fill(words);
    await expect(items.filter({ hasText: title })).toHaveCount(1);
    await expect.poll(() => items.count()).toBeLessThan(30);
  }
  await search.fill('zzzz');
  await expect(page.getByText('No hay documentos que coincidan con «zzzz».')).toBeVisible();
  await expect(items).toHaveCount(0);
  await search.fill('');
  await expect.poll(() => items.count()).toBeGreaterThan(30);
});

test('download a guide and an imported official PDF: the bytes are the file', async ({ page }) => {
  await page.goto('/documents');
  const items = page.getByTestId(isPhone(page) ? 'document-card' : 'document-row');
  const official = items.filter({ hasText: /Formulario I-765 \(oficial de USCIS/ });
  const [download] = await Promise.all([page.waitForEvent('download'), official.getByRole('button', { name: /Descargar/ }).click()]);
  await expectToast(page, 'Descarga iniciada');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.equals(readFileSync(E2E_FILES.official))).toBe(true);

  const guide = items.filter({ hasText: 'Guía del formulario I-485' });
  const [guideDownload] = await Promise.all([page.waitForEvent('download'), guide.getByRole('button', { name: /Descargar/ }).click()]);
  const guideBytes = readFileSync((await guideDownload.path())!);
  expect(guideBytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(guideDownload.suggestedFilename()).toMatch(/\.pdf$/i);
});

test('a tampered or expired link is refused', async ({ page, request }) => {
  await page.goto('/documents');
  const { documents } = (await (await request.get('/api/documents')).json()) as { documents: Array<{ id: string; title: string }> };
  const doc = documents.find((d) => d.title.startsWith('Formulario I-765 (oficial de USCIS'))!;
  const { url } = (await (await request.post(`/api/documents/${doc.id}/download`)).json()) as { url: string };
  expect((await request.get(url)).status()).toBe(200);
  const tampered = url.replace(/signature=([0-9a-f])/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`);
  expect((await request.get(tampered)).status()).toBe(403);
  const stretched = url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`);
  expect((await request.get(stretched)).status()).toBe(403);
  const backdated = url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) - 7200}`);
  expect([403, 410]).toContain((await request.get(backdated)).status());
});

test('the error states: a list that cannot load, a file missing from the bucket, a failed download', async ({ page }) => {
  // No connection: the list cannot load.
  await page.route('**/api/documents', (route) => route.abort('internetdisconnected'));
  await page.goto('/documents');
  await expect(page.getByText('Error al cargar documentos')).toBeVisible();
  await page.unroute('**/api/documents');
  await page.getByRole('button', { name: 'Reintentar' }).click();
  const items = page.getByTestId(isPhone(page) ? 'document-card' : 'document-row');
  await expect(items.first()).toBeVisible();

  // The catalog lists a file the bucket no longer has.
  await items
    .filter({ hasText: /Formulario G-1145 \(oficial de USCIS/ })
    .getByRole('button', { name: /Descargar/ })
    .click();
  await expectToast(page, 'Error de descarga');
  // The title carries the edition printed on the form when the real PDF is used (../shared/forms).
  await expectToast(
    page,
    /^No se pudo descargar el documento "Formulario G-1145 \(oficial de USCIS(, edición [\d/]+)?\)"\. El archivo no se encuentra en el sistema\.$/,
  );

  // Any other failure.
  await page.route('**/api/documents/*/download', (route) => route.abort('internetdisconnected'));
  await items
    .filter({ hasText: 'Guía del formulario I-90' })
    .getByRole('button', { name: /Descargar/ })
    .click();
  await expectToast(page, 'No se pudo descargar el documento "Guía del formulario I-90". Por favor, escribe a soporte.');
});

test('loading state while the list is on its way', async ({ page }) => {
  // The list is held until the loading state has been seen: on a loaded machine the page's script can
  // arrive after a fixed delay has passed (the suite once failed so).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/documents', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/documents');
  await expect(page.getByText('Cargando documentos...')).toBeVisible();
  release();
  await expect(page.getByTestId(isPhone(page) ? 'document-card' : 'document-row').first()).toBeVisible();
});

test('on an iPhone the file opens in a new tab with "Documento listo"', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/documents');
  const card = page.getByTestId('document-card').filter({ hasText: /Formulario I-765 \(oficial de USCIS/ });
  // The tab opens during the tap, then goes to the signed link (headless Chromium downloads the PDF).
  const [tab, fileRequest] = await Promise.all([
    context.waitForEvent('page'),
    context.waitForEvent('request', (r) => r.url().includes('/api/files/documents/')),
    card.getByRole('button', { name: /Descargar/ }).click(),
  ]);
  await expectToast(page, 'Documento listo');
  expect(fileRequest.url()).toMatch(/\/api\/files\/documents\/I-765\.pdf\?expires=\d+&signature=[0-9a-f]+$/);
  expect(fileRequest.frame().page()).toBe(tab);
  expect((await fileRequest.response())?.status()).toBe(200);
  await context.close();
});
