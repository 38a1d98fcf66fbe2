// npm run deletions:process
// Carries out the pending account deletion requests: for each request of a known user, cancels their
// subscriptions at the gateway, then deletes the account and all its data in one transaction and marks
// the request done. Requests sent while signed out are listed for a person to verify (the e-mail's
// owner must confirm before anything is deleted). Safe to run again.
//
// npm run deletions:process -- --confirm <request id>
// After a person has verified a signed-out request with the e-mail's owner: deletes that account (if
// there is one) and closes the request.
import { confirmAnonymousRequest, processDeletionRequests } from '../modules/account-deletion';
import { operatorContext, runCommand } from './context';

runCommand(async () => {
  const args = process.argv.slice(2);
  const confirmAt = args.indexOf('--confirm');
  const ctx = await operatorContext();
  const deps = { db: ctx.database.db, cancelSubscriptions: (id: string) => ctx.billing.cancelForDeletion(id), compact: () => ctx.database.compact() };
  try {
    if (confirmAt >= 0) {
      const requestId = args[confirmAt + 1] ?? '';
      const outcome = await confirmAnonymousRequest(deps, requestId);
      if (outcome === 'not_found') {
        console.error(`No hay ninguna solicitud sin sesión pendiente con el id ${requestId || '(vacío)'}.`);
        return 1;
      }
      console.log(
        outcome === 'deleted' ? `solicitud ${requestId}: cuenta eliminada` : `solicitud ${requestId}: no había ninguna cuenta con ese correo; cerrada`,
      );
      return 0;
    }
    const report = await processDeletionRequests(deps);
    for (const done of report.deleted) console.log(`eliminada la cuenta ${done.userId} (solicitud ${done.requestId})`);
    if (report.toVerify.length) {
      console.log(`\n${report.toVerify.length} solicitud(es) sin sesión, para verificar con la persona antes de borrar nada:`);
      for (const r of report.toVerify)
        console.log(
          `  ${r.requestId}  ${r.createdAt.toISOString().slice(0, 10)}  ${r.email ?? '(sin correo)'}  motivo: ${r.reason.replace(/\s+/g, ' ').slice(0, 80)}`,
        );
    }
    console.log(`\n${report.deleted.length} cuenta(s) eliminada(s), ${report.toVerify.length} por verificar.`);
    if (report.toVerify.length) console.log('Verificada una solicitud: npm run deletions:process -- --confirm <id>');
    return 0;
  } finally {
    await ctx.close();
  }
});
