// The staking feature (issue 7): the Eth2Wallet, EthTxHistory, StakeWalletAddress and
// StakeUserInfo screens on the screen framework, with the calls that go beyond it. Registered in
// features.ts; tests build it with createStakingFeature and their own beacon, chain and KYC registry.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Address, Hex } from 'viem';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDepositDataBody, getKeystoreBody, wireRowInput } from '@payd/schemas';
import { repoRoot, type ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import type { Caller, ScreenDef } from '../framework/definition.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { seedScreenLabels } from '../framework/labels.ts';
import { screenMethods } from '../framework/methods.ts';
import { rows } from '../framework/sqlText.ts';
import { isStaff } from '../framework/roles.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { accessDenied, failed, invalidField } from '../protocol/errors.ts';
import {
  defineMethod,
  registerMethods,
  type MethodContext,
  type MethodDefinition,
} from '../protocol/method.ts';
import { HttpBeaconClient, type BeaconClient } from './beacon/index.ts';
import { ValidatorKeys, type CreationPlan, type ValidatorKeysOptions } from './createValidators.ts';
import { RpcDepositLogReader, type DepositLogReader } from './depositLogs.ts';
import { DEV_SERVER_ADMIN_KEY, OnChainKycRegistry, type KycRegistry } from './kycRegistry.ts';
import { MnemonicVault } from './mnemonicVault.ts';
import {
  agentChoices,
  checkNewProfile,
  checkNewRegistration,
  checkNotTerminated,
  checkRegistrationFree,
  checkWalletProof,
  hasWalletProof,
  markOnChainIfApproved,
  recordWalletProof,
  RegistrationMessages,
  walletStatus,
} from './registration.ts';
import { getRewards } from './rewards.ts';
import { getDailyHistory, getRewardDetail, REWARD_KINDS } from './history.ts';
import {
  eth2WalletScreen,
  ethTxHistoryScreen,
  stakeUserInfoScreen,
  stakeWalletAddressScreen,
} from './screens.ts';
import { WalletActions } from './walletActions.ts';
import { KeyExport } from './keyExport.ts';

export const stakingScreens: readonly ScreenDef[] = [
  eth2WalletScreen,
  ethTxHistoryScreen,
  stakeWalletAddressScreen,
  stakeUserInfoScreen,
];

export interface StakingOptions {
  /** Beacon node; default HttpBeaconClient at BEACON_URL, none when unset. */
  beacon?: BeaconClient | null;
  /** Source of the deposit contract's logs; default RPC_URL (when a beacon node is configured). */
  deposits?: DepositLogReader | null;
  /** On-chain KYC manager; default KycManager of contracts/deployments/<CHAIN_ID>.json with SERVER_ADMIN_KEY. */
  kyc?: KycRegistry | null;
  /** Validator creation: its worker pool, how many run and wait at once, the per-account limit. */
  validatorKeys?: ValidatorKeysOptions;
}

function defaultKyc(config: ServerConfig): KycRegistry | null {
  let kycManager = (config.kycManagerAddress || undefined) as Address | undefined;
  if (!kycManager) {
    const file = join(repoRoot, `contracts/deployments/${config.chainId}.json`);
    if (existsSync(file))
      kycManager = (JSON.parse(readFileSync(file, 'utf8')) as { addresses?: { kycManager?: Address } })
        .addresses?.kycManager;
  }
  const key = (config.serverAdminKey as Hex) || (config.chainId === 88 ? DEV_SERVER_ADMIN_KEY : undefined);
  if (!kycManager || !key) return null;
  return new OnChainKycRegistry({
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    kycManager,
    serverAdminKey: key,
  });
}

const address = z.string().trim().min(1).max(64);
const walletBody = z.object({ walletAddress: address }).loose();
const saveBody = z
  .object({
    mst: wireRowInput,
    dtl: z.array(wireRowInput).max(1000).nullable().optional(),
    options: z.unknown().optional(),
  })
  .loose();

/** options.CreateValidator = 'Y' (an object, or the 'CreateValidator=Y' text form). */
export function wantsValidators(options: unknown): boolean {
  if (typeof options === 'string') return /(^|[;&,\s])CreateValidator=Y\b/.test(options);
  if (options && typeof options === 'object')
    return (options as Record<string, unknown>).CreateValidator === 'Y';
  return false;
}

function caller(ctx: MethodContext): Caller {
  if (!ctx.user) throw accessDenied();
  return { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
}

function method<S extends z.ZodType>(
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

const emptyKey = (v: unknown) => v === undefined || v === null || v === '' || v === '!';

export function createStakingFeature(o: StakingOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock, config } = deps;
    const beacon =
      o.beacon !== undefined
        ? o.beacon
        : config.beaconUrl
          ? new HttpBeaconClient({ url: config.beaconUrl })
          : null;
    const deposits =
      o.deposits !== undefined
        ? o.deposits
        : beacon
          ? new RpcDepositLogReader({ rpcUrl: config.rpcUrl })
          : null;
    const kyc = o.kyc !== undefined ? o.kyc : defaultKyc(config);
    const vault = new MnemonicVault(config.dataKey);
    const keys = new ValidatorKeys({ db, vault }, o.validatorKeys);
    fastify.addHook('onClose', () => keys.close());
    const actions = new WalletActions({ db, clock, vault, beacon, deposits });
    const keyExport = new KeyExport({ db, clock, vault });
    const logError = (err: unknown) => fastify.log.error({ err }, 'on-chain KYC mark failed');

    /** Runs one engine SaveData inside `before`/`after` steps of the same transaction. */
    const saveInTx = async (
      def: ScreenDef,
      c: Caller,
      b: z.output<typeof saveBody>,
      steps: {
        before?: (tx: Db) => Promise<void>;
        after?: (tx: Db, key: number) => Promise<void>;
      },
    ) => {
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
    };

    const custom: Record<string, MethodDefinition[]> = {
      Eth2Wallet: [
        method('Eth2Wallet', 'SaveData', saveBody, async (b, c, ctx) => {
          // Creating validators (createValidators.ts): checked and admitted before anything is
          // written; the save's transaction only plans, the keys are made on worker threads after
          // it, then written in a short transaction of their own.
          const creating = wantsValidators(b.options);
          if (creating) {
            await checkNotTerminated(db, c);
            await keys.checkAllowed(c);
          }
          const release = creating ? await keys.admit(c.usrId) : undefined;
          try {
            let plan: CreationPlan | undefined;
            const keyIn = b.mst.Eth2WalletId6;
            let mst = await saveInTx(eth2WalletScreen, c, b, {
              // Deposit data binds validators to their wallet's address and network.
              before: async (tx) => {
                if (emptyKey(keyIn)) return;
                const [w] = await rows(
                  tx,
                  sql`SELECT w.eth1_withdrawal_addr, w.network_id,
                  (SELECT count(*)::int FROM eth2_validator v WHERE v.eth2_wallet_id = w.eth2_wallet_id) AS n
                  FROM eth2_wallet w WHERE w.eth2_wallet_id::text = ${String(keyIn)} AND w.usr_id = ${c.usrId}`,
                );
                if (!w || Number(w.n) === 0) return;
                const addr = b.mst.Eth1WithdrawalAddr6;
                if (
                  addr !== undefined &&
                  String(addr).toLowerCase() !== String(w.eth1_withdrawal_addr).toLowerCase()
                )
                  throw invalidField(
                    'mst.Eth1WithdrawalAddr6',
                    'The withdrawal address of a wallet with validators cannot change',
                  );
                const net = b.mst.NetworkId6;
                if (net !== undefined && String(net) !== String(w.network_id))
                  throw invalidField(
                    'mst.NetworkId6',
                    'The network of a wallet with validators cannot change',
                  );
              },
              after: async (tx, key) => {
                if (creating) plan = await keys.plan(tx, key);
              },
            });
            if (plan?.missing.length) {
              await keys.create(db, plan, clock.now());
              mst = await new ScreenEngine(eth2WalletScreen, { db, clock }).getById(c, plan.walletId);
            }
            ctx.setMessage('Saved');
            return { mst };
          } finally {
            release?.();
          }
        }),
        method(
          'Eth2Wallet',
          'SyncValidators',
          walletBody.extend({ multiDepositAddress: address.optional().nullable() }),
          (b, c) => actions.syncValidators(c, b.walletAddress),
          { max: 60, timeWindow: 60_000 },
        ),
        method(
          'Eth2Wallet',
          'WithdrawValidators',
          walletBody.extend({
            numberOfValidators: z.coerce.number().int().min(1).max(10_000),
            reason: z.string().max(2000).optional().nullable(),
          }),
          async (b, c, ctx) => {
            const r = await actions.withdrawValidators(
              c,
              b.walletAddress,
              b.numberOfValidators,
              b.reason ?? '',
            );
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
        // Taking the keys away (keyExport.ts): deposit data, and keystores after a fresh confirmation.
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
      ],
      EthTxHistory: [
        method('EthTxHistory', 'GetRewards', walletBody, (b, c) => getRewards(db, clock, c, b.walletAddress)),
        method(
          'EthTxHistory',
          'GetDailyHistory',
          walletBody.extend({ limit: z.number().int().min(1).max(32767) }),
          (b, c) => getDailyHistory(db, c, b.walletAddress, b.limit),
        ),
        method(
          'EthTxHistory',
          'GetRewardDetail',
          walletBody.extend({
            validatorId: z.number().int().positive().max(2_147_483_647),
            day: z.iso.date(),
            kind: z.enum(REWARD_KINDS),
          }),
          (b, c) => getRewardDetail(db, c, b.walletAddress, b.validatorId, b.day, b.kind),
        ),
      ],
      StakeWalletAddress: [
        method('StakeWalletAddress', 'SaveData', saveBody, async (b, c, ctx) => {
          const isNew = emptyKey(b.mst.StakeWalletAddrId2);
          // A new registration needs the wallet's signed proof (checked before any write, kept
          // with the row); an update never changes the address (the screen's beforeSave) and may
          // carry a fresh proof of the registered address (for a row registered without one).
          const proof = isNew
            ? await checkNewRegistration(db, c, b.mst.StakeWalletAddr2, b.options, clock.now())
            : null;
          let mst;
          try {
            mst = await saveInTx(stakeWalletAddressScreen, c, b, {
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
                const [w] = await rows(
                  tx,
                  sql`SELECT stake_wallet_addr FROM stake_wallet_address
                      WHERE stake_wallet_addr_id = ${key} AND usr_id = ${c.usrId}`,
                );
                if (!w) return;
                const again = await checkWalletProof(c, String(w.stake_wallet_addr), b.options, now);
                await recordWalletProof(tx, key, again, now);
              },
            });
          } catch (err) {
            // Another customer registered the same wallet between the checks and the insert.
            if (proof && isUniqueViolation(err))
              throw failed('wallet_taken', RegistrationMessages.takenWallet);
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
        method('StakeWalletAddress', 'GetWalletStatus', walletBody, async (b, c) => {
          await markOnChainIfApproved(db, kyc, c.usrId, logError);
          return walletStatus(db, c, b.walletAddress);
        }),
      ],
      StakeUserInfo: [
        // The agents offered at wallet registration: reference codes of category 'stakeAgent'.
        method(
          'StakeUserInfo',
          'GetAgentNumber17List',
          z
            .object({
              query: z.string().max(200).optional(),
              topN: z.number().int().min(1).max(500).optional(),
            })
            .loose(),
          (b) => agentChoices(db, b.query ?? '', b.topN ?? 50),
        ),
        method('StakeUserInfo', 'SaveData', saveBody, async (b, c, ctx) => {
          if (emptyKey(b.mst.StakeInfoId17)) await checkNewProfile(db, c);
          const mst = await saveInTx(stakeUserInfoScreen, c, b, {});
          ctx.setMessage('Saved');
          return { mst };
        }),
      ],
    };

    for (const def of stakingScreens) {
      await seedScreenLabels(db, def);
      const own = custom[def.service] ?? [];
      const replaced = new Set(own.map((m) => m.method));
      const common = screenMethods(new ScreenEngine(def, { db, clock })).filter(
        (m) => !replaced.has(m.method),
      );
      registerMethods(fastify, [...common, ...own], deps.methods);
    }
  };
}

/** The feature as features.ts registers it: beacon, chain and KYC manager from the environment. */
export const stakingFeature: FeaturePlugin = createStakingFeature();
