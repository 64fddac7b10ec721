// What the staking methods share: the signed-in caller and an engine SaveData run inside steps of its own
// transaction. The use cases (eth2WalletSave.ts, walletMethods.ts, historyMethods.ts,
// walletRegistrationSave.ts, userInfoMethods.ts) take StakingDeps; plugin.ts registers them.
import type { StakingSaveBody } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Caller, ScreenDef } from '../framework/definition.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { accessDenied } from '../wire/errors.ts';
import type { MethodContext } from '../wire/method.ts';
import type { ValidatorKeys } from './createValidators.ts';
import type { KeyExport } from './keyExport.ts';
import type { KycRegistry } from './kycRegistry.ts';
import type { ValidatorRequestChecks } from './validatorRequestCheck.ts';
import type { WalletActions } from './walletActions.ts';

/** The typed dependencies of the staking use cases. */
export interface StakingDeps {
  db: Db;
  clock: Clock;
  keys: ValidatorKeys;
  actions: WalletActions;
  keyExport: KeyExport;
  /** CheckValidatorRequest: a wallet request checked against the beacon state before its fee. */
  requestChecks: ValidatorRequestChecks;
  /** On-chain KYC manager (null: none configured). */
  kyc: KycRegistry | null;
  /** Logs a failed on-chain KYC mark (retried on the next GetWalletStatus). */
  logError: (err: unknown) => void;
}

export type SaveBody = StakingSaveBody;

/** An empty key: a new record. */
export const emptyKey = (v: unknown) => v === undefined || v === null || v === '' || v === '!';

/** The signed-in caller of a staking method (every staking contract is for signed-in users). */
export function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

/** Runs one engine SaveData inside `before`/`after` steps of the same transaction; the saved row. */
export async function saveInTx(
  d: Pick<StakingDeps, 'db' | 'clock'>,
  def: ScreenDef,
  c: Caller,
  b: SaveBody,
  steps: {
    before?: (tx: Db) => Promise<void>;
    after?: (tx: Db, key: number) => Promise<void>;
  },
) {
  const { db, clock } = d;
  const key = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await steps.before?.(tx);
    const engine = new ScreenEngine(def, { db: tx, clock });
    const saved = await engine.saveData(c, { mst: b.mst, dtl: b.dtl ?? [], options: b.options });
    const k = Number(
      (saved.mst as Record<string, unknown>)[def.master.columns.find((x) => x.system === 'key')!.name],
    );
    await steps.after?.(tx, k);
    return k;
  });
  return new ScreenEngine(def, { db, clock }).getById(c, key);
}
