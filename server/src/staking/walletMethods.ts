// Eth2WalletWs calls beyond the common screen operations and SaveData: SyncValidators,
// GetPendingOperations (dates: pendingOperations.ts), WithdrawValidators, WithdrawValidator and
// DisplayMnemonic (walletActions.ts), taking the keys away: GetDepositData and GetKeystore after a
// fresh confirmation (keyExport.ts), and CheckValidatorRequest before a wallet request's fee
// (validatorRequestCheck.ts). Each implements its contract of @payd/schemas staking/contracts.ts.
import {
  checkValidatorRequest,
  displayMnemonic,
  getDepositData,
  getKeystore,
  getPendingOperations,
  syncValidators,
  withdrawValidator,
  withdrawValidators,
} from '@payd/schemas';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { caller, type StakingDeps } from './methodKit.ts';

export function walletMethods({ actions, keyExport, requestChecks }: StakingDeps): MethodDefinition[] {
  return [
    implement(syncValidators, (b, ctx) => actions.syncValidators(caller(ctx), b.walletAddress), {
      rateLimit: { max: 60, timeWindow: 60_000 },
    }),
    implement(getPendingOperations, (b, ctx) =>
      actions.pendingOperations(caller(ctx), b.walletAddress, b.pubkey),
    ),
    implement(withdrawValidators, async (b, ctx) => {
      const r = await actions.withdrawValidators(
        caller(ctx),
        b.walletAddress,
        b.numberOfValidators,
        b.reason ?? '',
      );
      ctx.setMessage('Your withdraw request is received');
      return r;
    }),
    implement(withdrawValidator, (b, ctx) =>
      actions.withdrawValidator(caller(ctx), b.walletAddress, b.pubkey),
    ),
    implement(
      displayMnemonic,
      (b, ctx) => actions.displayMnemonic(caller(ctx), ctx.user!.sessionId, ctx.ip, b.walletAddress),
      { rateLimit: { max: 10, timeWindow: 60_000 } },
    ),
    implement(getDepositData, (b, ctx) => keyExport.depositData(caller(ctx), b.walletAddress, b.pubkey)),
    implement(
      getKeystore,
      (b, ctx) =>
        keyExport.keystore(caller(ctx), ctx.user!.sessionId, b.walletAddress, b.pubkey, b.KeystorePassword),
      { rateLimit: { max: 10, timeWindow: 60_000 } },
    ),
    implement(checkValidatorRequest, (b, ctx) => requestChecks.check(caller(ctx), b), {
      rateLimit: { max: 60, timeWindow: 60_000 },
    }),
  ];
}
