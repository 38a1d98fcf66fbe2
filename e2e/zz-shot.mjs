import { chromium } from 'playwright';
const base = 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const qs = [
  ['daca', 'tengo daca y me voy a casar con una ciudadana, puedo sacar la residencia?'],
  ['icecarta', 'me llego una carta para presentarme en la oficina de ice y tengo una orden de deportacion vieja, que hago'],
];
for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await ctx.newPage();
  const email = `shot${width}${Date.now()}@example.com`;
  const r = await page.request.post(`${base}/api/auth/sign-up/email`, { data: { email, password: 'secreto123', name: 'Ana' }, headers: { origin: base } });
  console.log('signup', r.status());
  for (const [tag, q] of qs) {
    await page.goto(`${base}/chat`);
    await page.getByLabel('Tu pregunta').fill(q);
    await page.getByRole('button', { name: 'Preguntar' }).click();
    await page.getByTestId('response-box').waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/work/scratch/shot-${tag}-${width}.png`, fullPage: width === 390 });
    console.log(tag, width, (await page.getByTestId('response-box').innerText()).slice(0, 200).replace(/\n/g, ' '));
  }
  await ctx.close();
}
await browser.close();
