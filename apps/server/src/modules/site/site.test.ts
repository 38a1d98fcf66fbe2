import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { consultations } from '../../db/schema';
import { SiteService } from './service';

describe('GET /api/site (decisions D14)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      OPERATOR_NAME: 'Camino Claro LLC',
      OPERATOR_ADDRESS: '100 Main St, Houston, TX 77002',
      SUPPORT_EMAIL: 'soporte@caminoclaro.example',
    });
  });
  afterAll(() => ctx.close());

  it('names the configured operator and shows no number while nobody was answered', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      operator: { name: 'Camino Claro LLC', address: '100 Main St, Houston, TX 77002', supportEmail: 'soporte@caminoclaro.example' },
      helped: null,
    });
  });

  it('counts distinct people answered, rounded down to a hundred once past 100', async () => {
    const { db } = ctx.database;
    const site = new SiteService(db, ctx.config.operator);
    // 100 guests, one of them asked twice: exactly 100 people, still no number.
    await db.insert(consultations).values([...Array.from({ length: 100 }, (_, i) => ({ guestId: `g${i}`, kind: 'guest' })), { guestId: 'g0', kind: 'guest' }]);
    expect(await site.peopleAnswered()).toBe(100);
    expect((await site.info()).helped).toBeNull();
    await db.insert(consultations).values(Array.from({ length: 299 }, (_, i) => ({ guestId: `h${i}`, kind: 'guest' })));
    const fresh = new SiteService(db, ctx.config.operator);
    expect(await fresh.peopleAnswered()).toBe(399);
    expect((await fresh.info()).helped).toBe(300);
  });

  it('without configuration outside production, the address and e-mail are null, not made up', async () => {
    const bare = await createTestApp({}, ctx.database);
    const body = (await bare.app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(body.operator).toEqual({ name: 'Camino Claro', address: null, supportEmail: null });
    expect(body.helped).toBe(300);
    await bare.app.close();
  });
});
