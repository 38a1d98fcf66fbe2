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
    expect((await send(undefined, { reason: 'Borrar todo' }, '10.3.3.4')).json().error.message).toBe('Por favor ingresa tu correo electrónico');
    expect((await send(undefined, { reason: 'Borrar todo', email: 'malo' }, '10.3.3.4')).json().error.message).toBe('Por favor ingresa un correo electrónico válido');
    const ok = await send(undefined, { reason: 'Borrar todo', email: 'Ana@Example.com' }, '10.3.3.4');
    expect(ok.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(deletionRequests);
    expect(rows.find((r) => r.email === 'ana@example.com')).toMatchObject({ userId: null, status: 'pending' });
  });

  it('requires a reason, and limits requests per address', async () => {
    expect((await send(undefined, { email: 'a@example.com', reason: '  ' }, '10.3.3.5')).json().error.message).toBe('Por favor cuéntanos el motivo');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(undefined, { email: `x${i}@example.com`, reason: 'r' }, '10.3.3.6')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
