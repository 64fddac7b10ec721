// What the staking methods share: the body schemas of wallet calls and saves, the signed-in
// caller, defineMethod for signed-in users, and an engine SaveData run inside steps of its own
// transaction. The use cases (eth2WalletSave.ts, walletMethods.ts, historyMethods.ts,
// walletRegistrationSave.ts, userInfoMethods.ts) take StakingDeps; plugin.ts registers them.
import { z } from 'zod';
import { walletAddressField, wireRowInput } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Caller, ScreenDef } from '../framework/definition.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { accessDenied } from '../wire/errors.ts';
import { defineMethod, type MethodContext, type MethodDefinition } from '../wire/method.ts';
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

export const address = walletAddressField;
export const walletBody = z.object({ walletAddress: address }).loose();
export const saveBody = z
  .object({
    mst: wireRowInput,
    dtl: z.array(wireRowInput).max(1000).nullable().optional(),
    options: z.unknown().optional(),
  })
  .loose();
export type SaveBody = z.output<typeof saveBody>;

/** An empty key: a new record. */
export const emptyKey = (v: unknown) => v === undefined || v === null || v === '' || v === '!';

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

/** A method for signed-in users whose handler gets the body, the caller and the context. */
export function method<S extends z.ZodType>(
  service: string,
  name: string,
  body: S,
  handler: (b: z.output<S>, c: Caller, ctx: MethodContext) => Promise<unknown>,
  rateLimit?: { max: number; timeWindow: number },
): MethodDefinition {
  return defineMethod({
    service,
    method: name,
    body,
    auth: 'user',
    ...(rateLimit ? { rateLimit } : {}),
    handler: (b, ctx) => handler(b, caller(ctx), ctx),
  }) as unknown as MethodDefinition;
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
