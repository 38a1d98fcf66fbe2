// npm run data:purge
// Deletes what is older than the privacy policy's 2 years (the server also runs this once a day).
import { purgeExpiredData } from '../modules/maintenance';
import { operatorContext, runCommand } from './context';

runCommand(async () => {
  const ctx = await operatorContext();
  try {
    const report = await purgeExpiredData({
      db: ctx.database.db,
      cancelSubscriptions: (id) => ctx.billing.cancelForDeletion(id),
      compact: () => ctx.database.compact(),
    });
    const lines = Object.entries(report.removed).filter(([, n]) => n > 0);
    for (const [table, n] of lines) console.log(`${table}: ${n} fila(s) borrada(s)`);
    console.log(`${report.accounts} cuenta(s) sin uso en 2 años eliminada(s); ${lines.reduce((s, [, n]) => s + n, 0)} fila(s) en total.`);
  } finally {
    await ctx.close();
  }
});
