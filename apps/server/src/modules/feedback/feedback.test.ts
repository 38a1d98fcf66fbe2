import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app';
import { signUp } from '../../../test/auth-helpers';
import { feedback } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const send = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/feedback', headers: cookie ? { cookie } : {}, payload: payload as object });

describe('POST /api/feedback', () => {
  it('stores the ratings and answers with the user id from the session', async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const response = await send(cookie, {
      ratings: { expectations_met: 5, ease_of_use: 4, needs_consideration: 1 },
      answers: { design_suggestions: '  Letra más grande  ', support_feedback: '   ' },
      additionalComments: 'Gracias',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(feedback).where(eq(feedback.userId, userId));
    expect(row).toMatchObject({
      expectationsMet: 5,
      easeOfUse: 4,
      needsConsideration: 1,
      informationClarity: null,
      designSuggestions: 'Letra más grande',
      supportFeedback: null,
      additionalComments: 'Gracias',
    });
  });

  it('requires a session, with the spec message', async () => {
    const response = await send(undefined, { ratings: { expectations_met: 5 } });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Debes iniciar sesión para enviar comentarios');
  });

  it('requires at least one rating or comment, with the spec message', async () => {
    const { cookie } = await signUp(ctx.app);
    for (const payload of [{}, { ratings: {}, answers: { support_feedback: '   ' } }, { additionalComments: '  ' }]) {
      const response = await send(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe('Por favor proporciona al menos una calificación o un comentario');
    }
  });

  it('validates every id and range, never answering 500', async () => {
    const { cookie } = await signUp(ctx.app);
    for (const payload of [
      { ratings: { expectations_met: 6 } },
      { ratings: { expectations_met: 0 } },
      { ratings: { expectations_met: 2.5 } },
      { ratings: { made_up_question: 3 } },
      { answers: { made_up: 'x' } },
      { ratings: { expectations_met: '5' } },
      { answers: { design_suggestions: 'x'.repeat(2001) } },
      { userId: 'someone-else', ratings: { expectations_met: 3 } },
    ]) {
      const response = await send(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
