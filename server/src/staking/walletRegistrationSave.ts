// StakeWalletAddressWs SaveData and GetWalletStatus (registration.ts). A new registration needs
// the wallet's signed proof (checked before any write, kept with the row); an update never
// changes the address (the screen's beforeSave) and may carry a fresh proof of the registered
// address (for a row registered without one). Both then mark the wallet on chain once the
// customer's KYC is approved (markOnChainIfApproved).
import { and, eq, sql } from 'drizzle-orm';
import {
  comeBack as comeBackContract,
  getWalletStatus,
  stakeWalletAddressSaveData,
  type WalletStatus,
} from '@payd/schemas';
import { isUniqueViolation } from '../db/errors.ts';
import type { Db } from '../db/database.ts';
import { stakeWalletAddress } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { isStaff } from '../framework/roles.ts';
import { failed } from '../wire/errors.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { caller, emptyKey, saveInTx, type SaveBody, type StakingDeps } from './methodKit.ts';
import {
  checkNewRegistration,
  checkRegistrationFree,
  checkWalletProof,
  hasWalletProof,
  markOnChainIfApproved,
  recordWalletProof,
  RegistrationMessages,
  walletStatus,
} from './registration.ts';
import { stakeWalletAddressScreen } from './screens.ts';
import { comeBack, terminatedForCredits } from './comeBack.ts';

/** An update of the customer's own row carrying a fresh proof of its registered address: kept. */
async function recordFreshProof(tx: Db, c: Caller, b: SaveBody, key: number, now: Date): Promise<void> {
  const [w] = await tx
    .select({ addr: stakeWalletAddress.stakeWalletAddr })
    .from(stakeWalletAddress)
    .where(and(eq(stakeWalletAddress.stakeWalletAddrId, key), eq(stakeWalletAddress.usrId, c.usrId)));
  if (!w) return;
  const again = await checkWalletProof(c, w.addr, b.options, now);
  await recordWalletProof(tx, key, again, now);
}

export function walletRegistrationMethods(d: StakingDeps): MethodDefinition[] {
  const { db, clock, kyc, logError } = d;
  return [
    implement(stakeWalletAddressSaveData, async (b, ctx) => {
      const c = caller(ctx);
      const isNew = emptyKey(b.mst.StakeWalletAddrId2);
      const proof = isNew
        ? await checkNewRegistration(db, c, b.mst.StakeWalletAddr2, b.options, clock.now())
        : null;
      let mst;
      try {
        mst = await saveInTx(d, stakeWalletAddressScreen, c, b, {
          before: async (tx) => {
            if (!proof) return;
            // One registration at a time per customer: lock the account, then check again.
            await tx.execute(sql`SELECT 1 FROM users WHERE usr_id = ${c.usrId} FOR UPDATE`);
            await checkRegistrationFree(tx, c, proof.address);
          },
          after: async (tx, key) => {
            const now = clock.now();
            if (proof) return recordWalletProof(tx, key, proof, now);
            if (isNew || isStaff(c.role) || !hasWalletProof(b.options)) return;
            await recordFreshProof(tx, c, b, key, now);
          },
        });
      } catch (err) {
        // Another customer registered the same wallet between the checks and the insert.
        if (proof && isUniqueViolation(err)) throw failed('wallet_taken', RegistrationMessages.takenWallet);
        throw err;
      }
      await markOnChainIfApproved(
        db,
        kyc,
        Number((mst as Record<string, unknown>).UsrId2 ?? c.usrId),
        logError,
      );
      ctx.setMessage('Saved');
      return { mst };
    }),
    // A terminated customer registers the wallet again (comeBack.ts); staff have no wallet to.
    implement(
      comeBackContract,
      async (b, ctx) => {
        const c = caller(ctx);
        if (isStaff(c.role)) throw failed('not_terminated', 'Staff register no wallets.');
        const status = await comeBack(db, c, b, clock.now());
        ctx.setMessage('Saved');
        return status;
      },
      { rateLimit: { max: 20, timeWindow: 60_000 } },
    ),
    implement(getWalletStatus, async (b, ctx) => {
      const c = caller(ctx);
      await markOnChainIfApproved(db, kyc, c.usrId, logError);
      const status = await walletStatus(db, c, b.walletAddress);
      // D for unpaid charges may come back (comeBack.ts); D by staff may not.
      const forCredits = status.StakeWalletStatusCd2 === 'D' && (await terminatedForCredits(db, c.usrId));
      const TerminatedForCredits: WalletStatus['TerminatedForCredits'] = forCredits ? 'Y' : 'N';
      return { ...status, TerminatedForCredits };
    }),
  ];
}
