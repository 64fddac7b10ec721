// The staking feature (issue 7): the Eth2Wallet, EthTxHistory, StakeWalletAddress and
// StakeUserInfo screens on the screen framework, with the calls that go beyond it, one use case
// per file (eth2WalletSave.ts, prepareDeposits.ts, walletMethods.ts, historyMethods.ts,
// walletRegistrationSave.ts, userInfoMethods.ts) over StakingDeps (methodKit.ts). This file only
// builds the dependencies and registers. Registered in features.ts; tests build it with
// createStakingFeature and their own beacon, chain and KYC registry.
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps, FeaturePlugin } from '../featureDeps.ts';
import type { ScreenDef } from '../framework/definition.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { seedScreenLabels } from '../framework/labels.ts';
import { screenMethods } from '../framework/methods.ts';
import { registerMethods, type MethodDefinition } from '../wire/method.ts';
import type { BeaconClient } from './beacon/index.ts';
import { ValidatorKeys, type ValidatorKeysOptions } from './createValidators.ts';
import type { DepositLogReader } from './depositLogs.ts';
import { eth2WalletSaveMethod } from './eth2WalletSave.ts';
import { historyMethods } from './historyMethods.ts';
import { KeyExport } from './keyExport.ts';
import type { KycRegistry } from './kycRegistry.ts';
import type { StakingDeps } from './methodKit.ts';
import { MnemonicVault } from './mnemonicVault.ts';
import { prepareDepositsMethod } from './prepareDeposits.ts';
import {
  eth2WalletScreen,
  ethTxHistoryScreen,
  stakeUserInfoScreen,
  stakeWalletAddressScreen,
} from './screens.ts';
import { stakingServices } from './stakingServices.ts';
import { userInfoMethods } from './userInfoMethods.ts';
import { ValidatorRequestChecks } from './validatorRequestCheck.ts';
import { WalletActions } from './walletActions.ts';
import { topUpMethods } from './topUps.ts';
import { walletMethods } from './walletMethods.ts';
import { walletRegistrationMethods } from './walletRegistrationSave.ts';

export { wantsValidators } from './eth2WalletSave.ts';

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

export function createStakingFeature(o: StakingOptions = {}): FeaturePlugin {
  return async (fastify: FastifyInstance, deps: FeatureDeps) => {
    const { db, clock, config } = deps;
    const { beacon, deposits, kyc } = stakingServices(o, config);
    const vault = new MnemonicVault(config.dataKey);
    const keys = new ValidatorKeys({ db, vault }, o.validatorKeys);
    fastify.addHook('onClose', () => keys.close());
    const d: StakingDeps = {
      db,
      clock,
      keys,
      actions: new WalletActions({ db, clock, vault, beacon, deposits }),
      keyExport: new KeyExport({ db, clock, vault }),
      requestChecks: new ValidatorRequestChecks({ db, beacon }),
      kyc,
      logError: (err: unknown) => fastify.log.error({ err }, 'on-chain KYC mark failed'),
    };
    // Each service's own methods replace the common ones of the same name.
    const custom: Record<string, MethodDefinition[]> = {
      Eth2Wallet: [
        eth2WalletSaveMethod(d),
        prepareDepositsMethod(d),
        ...walletMethods(d),
        ...topUpMethods({ db, clock, vault, beacon, pool: keys.pool }),
      ],
      EthTxHistory: historyMethods(d),
      StakeWalletAddress: walletRegistrationMethods(d),
      StakeUserInfo: userInfoMethods(d),
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
