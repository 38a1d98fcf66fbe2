// npm run deletions:process
// Carries out the pending account deletion requests: for each request of a known user, cancels their
// subscriptions at the gateway, then deletes the account and all its data in one transaction and marks
// the request done. Requests sent while signed out are listed for a person to verify (the e-mail's
// owner must confirm before anything is deleted). Safe to run again.
import { processDeletionRequests } from '../modules/account-deletion/process';
import { operatorContext, runCommand } from './context';

runCommand(async () => {
  const ctx = await operatorContext();
  try {
    const report = await processDeletionRequests({ db: ctx.database.db, cancelSubscriptions: (id) => ctx.billing.cancelForDeletion(id).then(() => {}) });
    for (const done of report.deleted) console.log(`eliminada la cuenta ${done.userId} (solicitud ${done.requestId})`);
    if (report.toVerify.length) {
      console.log(`\n${report.toVerify.length} solicitud(es) sin sesión, para verificar con la persona antes de borrar nada:`);
      for (const r of report.toVerify) console.log(`  ${r.requestId}  ${r.createdAt.toISOString().slice(0, 10)}  ${r.email ?? '(sin correo)'}  motivo: ${r.reason.replace(/\s+/g, ' ').slice(0, 80)}`);
    }
    console.log(`\n${report.deleted.length} cuenta(s) eliminada(s), ${report.toVerify.length} por verificar.`);
  } finally {
    await ctx.close();
  }
});
