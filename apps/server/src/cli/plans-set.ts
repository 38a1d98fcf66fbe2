// npm run plans:set -- <email|phone> <FREE|UNLIMITED>
// For support: sets a user's plan (no charge, no gateway subscription).
import { PLANS, type Plan } from '@camino/contracts';
import { findUserId } from '../modules/account-deletion';
import { operatorContext, runCommand } from './context';

runCommand(async () => {
  const [contact, plan] = process.argv.slice(2);
  if (!contact || !plan || !(PLANS as readonly string[]).includes(plan)) {
    console.error('Uso: npm run plans:set -- <correo|teléfono> <FREE|UNLIMITED>');
    return 2;
  }
  const ctx = await operatorContext();
  try {
    const userId = await findUserId(ctx.database.db, contact);
    if (!userId) {
      console.error(`No hay ninguna cuenta con ${contact}.`);
      return 1;
    }
    await ctx.billing.setPlan(userId, plan as Plan);
    console.log(`La cuenta ${contact} (${userId}) ahora tiene el plan ${plan}.`);
    return 0;
  } finally {
    await ctx.close();
  }
});
