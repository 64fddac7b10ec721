// Taking the keys away (issue 17): Eth2WalletWs GetDepositData gives a validator's deposit data
// (or every validator's of the wallet) as the staking-deposit-cli `deposit_data-<unix time>.json`
// the Launchpad accepts, exactly as it was made and deposited (the stored DepositJson5 entry);
// GetKeystore gives one validator's EIP-2335 keystore, made from the wallet's encrypted mnemonic
// on the server for its owner only, after a proven sign-in within 5 minutes
// (auth/recentSignIn.ts), encrypted with the password the person chose.
//
// KDF: PBKDF2-HMAC-SHA256 with 262144 iterations (EIP-2335's pbkdf2 module, which every validator
// client imports). It costs about 0.6 s of CPU per keystore in @payd/validator-keys (noble,
// computed in short async steps, so other requests keep being served); scrypt at its standard
// cost (n = 262144) needs 256 MB per keystore. At most MAX_KEYSTORES_AT_ONCE are made at a time,
// beyond that the caller gets `busy`.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  depositDataFileName,
  keyExportMessages,
  keystoreFileName,
  type DepositDataFileEntry,
  type GetDepositDataReply,
  type GetKeystoreReply,
} from '@payd/schemas';
import { createKeystore, deriveValidatorKeys } from '@payd/validator-keys';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { eth2Validator, eth2Wallet } from '../db/schema.ts';
import type { Caller } from '../framework/definition.ts';
import { ApiError, failed, forbidden } from '../wire/errors.ts';
import { requireRecentSignIn } from '../auth/index.ts';
import { decodeDepositJson } from './createValidators.ts';
import { StakingMessages } from './messages.ts';
import type { MnemonicVault } from './mnemonicVault.ts';

/** PBKDF2 iterations of a keystore (EIP-2335's and staking-deposit-cli's 2^18). */
export const KEYSTORE_PBKDF2_ITERATIONS = 262144;
export const MAX_KEYSTORES_AT_ONCE = 2;

interface KeyRow {
  walletId: number;
  idx: number;
  pubkey: string;
  depositJson: string | null;
  mnemonicEnc: string | null;
}

const normalKey = (pubkey: string) => (pubkey.startsWith('0x') ? pubkey : `0x${pubkey}`).toLowerCase();

export class KeyExport {
  private running = 0;
  constructor(private readonly d: { db: Db; clock: Clock; vault: MnemonicVault }) {}

  /** The caller's validators at `walletAddress` (one, when `pubkey` is given); another
   * customer's wallet or validator answers access denied. */
  private async validators(caller: Caller, walletAddress: string, pubkey?: string): Promise<KeyRow[]> {
    const found = await this.d.db
      .select({
        walletId: eth2Validator.eth2WalletId,
        idx: eth2Validator.idx,
        pubkey: eth2Validator.pubKey,
        depositJson: eth2Validator.depositJson,
        mnemonicEnc: eth2Wallet.mnemonicEnc,
      })
      .from(eth2Wallet)
      .innerJoin(eth2Validator, eq(eth2Validator.eth2WalletId, eth2Wallet.eth2WalletId))
      .where(
        and(
          eq(eth2Wallet.usrId, caller.usrId),
          sql`lower(${eth2Wallet.eth1WithdrawalAddr}) = lower(${walletAddress})`,
          pubkey === undefined ? undefined : sql`lower(${eth2Validator.pubKey}) = ${normalKey(pubkey)}`,
        ),
      )
      .orderBy(asc(eth2Validator.eth2WalletId), asc(eth2Validator.idx));
    if (!found.length) throw forbidden(StakingMessages.noWallet);
    return found.map((r) => ({ ...r, pubkey: r.pubkey.toLowerCase() }));
  }

  private unixNow(): number {
    return Math.floor(this.d.clock.now().getTime() / 1000);
  }

  /** GetDepositData: the deposit data file of one validator (or all of the wallet's). */
  async depositData(caller: Caller, walletAddress: string, pubkey?: string): Promise<GetDepositDataReply> {
    const entries: DepositDataFileEntry[] = [];
    for (const v of await this.validators(caller, walletAddress, pubkey)) {
      if (!v.depositJson) continue;
      const e = decodeDepositJson(v.depositJson);
      // The file's field order, as staking-deposit-cli writes it.
      entries.push({
        pubkey: e.pubkey,
        withdrawal_credentials: e.withdrawal_credentials,
        amount: e.amount,
        signature: e.signature,
        deposit_message_root: e.deposit_message_root,
        deposit_data_root: e.deposit_data_root,
        fork_version: e.fork_version,
        network_name: e.network_name,
        deposit_cli_version: e.deposit_cli_version,
      });
    }
    if (!entries.length) throw failed('no_validators', StakingMessages.noValidators);
    return { FileName: depositDataFileName(this.unixNow()), DepositData: entries };
  }

  /** GetKeystore: the validator's signing key as an EIP-2335 keystore under `password`. */
  async keystore(
    caller: Caller,
    sessionId: string,
    walletAddress: string,
    pubkey: string,
    password: string,
  ): Promise<GetKeystoreReply> {
    const [v] = await this.validators(caller, walletAddress, pubkey);
    if (!v?.mnemonicEnc) throw forbidden(StakingMessages.noWallet);
    await requireRecentSignIn(this.d.db, this.d.clock, sessionId);
    if (this.running >= MAX_KEYSTORES_AT_ONCE) throw new ApiError(429, 'busy', keyExportMessages.busy);
    this.running++;
    try {
      const keys = deriveValidatorKeys(this.d.vault.decrypt(v.mnemonicEnc, v.walletId), v.idx);
      try {
        if (`0x${keys.pubkey}` !== v.pubkey) throw new Error('validator key does not match its pubkey');
        const keystore = await createKeystore(keys.signingKey, password, {
          kdf: 'pbkdf2',
          pbkdf2C: KEYSTORE_PBKDF2_ITERATIONS,
          path: keys.signingKeyPath,
        });
        return {
          FileName: keystoreFileName(v.idx, this.unixNow()),
          Keystore: keystore as unknown as Record<string, unknown>,
          Kdf: 'pbkdf2',
        };
      } finally {
        keys.signingKey.fill(0);
        keys.withdrawalKey.fill(0);
      }
    } finally {
      this.running--;
    }
  }
}
