// Eth2WalletWs calls beyond the common screen operations and SaveData: SyncValidators,
// Eth2WalletWs calls beyond the common screen operations and SaveData: SyncValidators,
// GetPendingOperations (dates: pendingOperations.ts), WithdrawValidators, WithdrawValidator and
// DisplayMnemonic (walletActions.ts), taking the keys away: GetDepositData and GetKeystore after a
// fresh confirmation (keyExport.ts), and CheckValidatorRequest before a wallet request's fee
// (validatorRequestCheck.ts).
import { z } from 'zod';
import {
  checkValidatorRequestBody,
  getDepositDataBody,
  getKeystoreBody,
  getPendingOperationsBody,
} from '@payd/schemas';
import type { MethodDefinition } from '../wire/method.ts';
import { address, method, walletBody, type StakingDeps } from './methodKit.ts';

export function walletMethods({ actions, keyExport, requestChecks }: StakingDeps): MethodDefinition[] {
  return [
    method(
      'Eth2Wallet',
      'SyncValidators',
      walletBody.extend({ multiDepositAddress: address.optional().nullable() }),
      (b, c) => actions.syncValidators(c, b.walletAddress),
      { max: 60, timeWindow: 60_000 },
    ),
    method('Eth2Wallet', 'GetPendingOperations', getPendingOperationsBody, (b, c) =>
      actions.pendingOperations(c, b.walletAddress, b.pubkey),
    ),
    method(
      'Eth2Wallet',
      'WithdrawValidators',
      walletBody.extend({
        numberOfValidators: z.coerce.number().int().min(1).max(10_000),
        reason: z.string().max(2000).optional().nullable(),
      }),
      async (b, c, ctx) => {
        const r = await actions.withdrawValidators(c, b.walletAddress, b.numberOfValidators, b.reason ?? '');
        ctx.setMessage('Your withdraw request is received');
        return r;
      },
    ),
    method(
      'Eth2Wallet',
      'WithdrawValidator',
      walletBody.extend({ pubkey: z.string().regex(/^(0x)?[0-9a-fA-F]{96}$/) }),
      (b, c) => actions.withdrawValidator(c, b.walletAddress, b.pubkey),
    ),
    method(
      'Eth2Wallet',
      'DisplayMnemonic',
      walletBody,
      (b, c, ctx) => actions.displayMnemonic(c, ctx.user!.sessionId, ctx.ip, b.walletAddress),
      { max: 10, timeWindow: 60_000 },
    ),
    method('Eth2Wallet', 'GetDepositData', getDepositDataBody, (b, c) =>
      keyExport.depositData(c, b.walletAddress, b.pubkey),
    ),
    method(
      'Eth2Wallet',
      'GetKeystore',
      getKeystoreBody,
      (b, c, ctx) =>
        keyExport.keystore(c, ctx.user!.sessionId, b.walletAddress, b.pubkey, b.KeystorePassword),
      { max: 10, timeWindow: 60_000 },
    ),
    method(
      'Eth2Wallet',
      'CheckValidatorRequest',
      checkValidatorRequestBody,
      (b, c) => requestChecks.check(c, b),
      { max: 60, timeWindow: 60_000 },
    ),
  ];
}
