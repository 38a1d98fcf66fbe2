import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';
import { deletionRequests } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const send = (cookie: string | undefined, payload: unknown, ip = '10.3.3.3') =>
  ctx.app.inject({ method: 'POST', url: '/api/account/deletion-request', headers: cookie ? { cookie } : {}, payload: payload as object, remoteAddress: ip });

describe('POST /api/account/deletion-request', () => {
  it('stores a signed-in request with the user id and status pending', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const response = await send(cookie, { reason: 'Ya no lo necesito', email: 'ignorado@example.com' });
    expect(response.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(deletionRequests);
    expect(rows.find((r) => r.userId === userId)).toMatchObject({ reason: 'Ya no lo necesito', status: 'pending', email: null });
  });

  it('stores a signed-out request with its e-mail, which is required', async () => {
    const missing = await send(undefined, { reason: 'Borrar todo' }, '10.3.3.4');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      message: 'Por favor ingresa el correo o el teléfono de tu cuenta',
      fields: { contact: 'Por favor ingresa el correo o el teléfono de tu cuenta' },
    });
    expect((await send(undefined, { reason: 'Borrar todo', email: 'malo' }, '10.3.3.4')).json().error.message).toBe(
      'Escribe un correo válido o un teléfono de 10 dígitos',
    );
    const ok = await send(undefined, { reason: 'Borrar todo', email: 'Ana@Example.com' }, '10.3.3.4');
    expect(ok.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(deletionRequests);
    expect(rows.find((r) => r.email === 'ana@example.com')).toMatchObject({ userId: null, status: 'pending' });
  });

  it('takes a phone number instead of an e-mail (a phone-only account), stored as +1 and 10 digits', async () => {
    const ok = await send(undefined, { reason: 'Solo tengo teléfono', contact: '(555) 201-7788' }, '10.3.3.7');
    expect(ok.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(deletionRequests);
    expect(rows.find((r) => r.email === '+15552017788')).toMatchObject({ userId: null, status: 'pending' });
    expect((await send(undefined, { reason: 'x', contact: '555-201' }, '10.3.3.7')).json().error.message).toBe(
      'Escribe un correo válido o un teléfono de 10 dígitos',
    );
  });

  it('shows a signed-in user the pending request, once, and lets them withdraw it', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const pending = () => ctx.app.inject({ method: 'GET', url: '/api/account/deletion-request', headers: { cookie } });
    expect((await pending()).json()).toEqual({ pending: null });
    expect((await send(cookie, { reason: 'Me voy' }, '10.3.3.8')).statusCode).toBe(201);
    expect((await send(cookie, { reason: 'Me voy otra vez' }, '10.3.3.8')).statusCode).toBe(201);
    const shown = (await pending()).json().pending;
    expect(shown).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const mine = (await ctx.database.db.select().from(deletionRequests)).filter((r) => r.userId === userId);
    expect(mine).toHaveLength(1);
    // Another account sees nothing of it, and cannot withdraw it.
    const other = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/deletion-request', headers: { cookie: other.cookie } })).json()).toEqual({
      pending: null,
    });
    await ctx.app.inject({ method: 'DELETE', url: '/api/account/deletion-request', headers: { cookie: other.cookie, origin: 'http://localhost:3000' } });
    expect((await pending()).json().pending?.id).toBe(shown.id);
    const withdrawn = await ctx.app.inject({ method: 'DELETE', url: '/api/account/deletion-request', headers: { cookie, origin: 'http://localhost:3000' } });
    expect(withdrawn.statusCode).toBe(200);
    expect((await pending()).json()).toEqual({ pending: null });
    const [row] = (await ctx.database.db.select().from(deletionRequests)).filter((r) => r.userId === userId);
    expect(row).toMatchObject({ status: 'withdrawn', reason: '' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/deletion-request' })).statusCode).toBe(401);
  });

  it('requires a reason, and limits requests per address', async () => {
    expect((await send(undefined, { email: 'a@example.com', reason: '  ' }, '10.3.3.5')).json().error.message).toBe('Por favor cuéntanos el motivo');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(undefined, { email: `x${i}@example.com`, reason: 'r' }, '10.3.3.6')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
