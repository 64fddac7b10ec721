import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.ts';
import { deriveValidatorKeys } from './deposit.ts';
import { signVoluntaryExit, verifyVoluntaryExit, voluntaryExitDomain } from './exit.ts';
import {
  emptyValidatorsRoot,
  getNetwork,
  NETWORKS,
  PAYD_DEVNET_GENESIS_VALIDATORS_ROOT,
} from './networks.ts';
import { computeDomain, DOMAIN_DEPOSIT } from './spec.ts';

const published = JSON.parse(
  readFileSync(new URL('../test-vectors/published-values.json', import.meta.url), 'utf8'),
) as {
  holeskyExit: {
    mnemonic: string;
    keyIndex: number;
    validatorIndex: number;
    epoch: number;
    signature: string;
  };
  mainnetDepositDomain: string;
  holeskyDepositDomain: string;
  mainnetVoluntaryExitDomain: string;
};

describe('compute_domain against published values', () => {
  it('gives the deposit domains the launchpad and deposit tooling hard-code', () => {
    expect(toHex(computeDomain(DOMAIN_DEPOSIT, fromHex('00000000')))).toBe(published.mainnetDepositDomain);
    expect(toHex(computeDomain(DOMAIN_DEPOSIT, fromHex('01017000')))).toBe(published.holeskyDepositDomain);
  });

  it("gives mainnet's voluntary exit domain (Capella fork version, mainnet genesis_validators_root)", () => {
    expect(toHex(voluntaryExitDomain('mainnet'))).toBe(published.mainnetVoluntaryExitDomain);
  });
});

describe('signed voluntary exits', () => {
  const v = published.holeskyExit;
  const keys = deriveValidatorKeys(v.mnemonic, v.keyIndex);

  it("reproduces eth-staking-smith's published holesky exit signature", () => {
    const signed = signVoluntaryExit({
      secretKey: keys.signingKey,
      validatorIndex: v.validatorIndex,
      epoch: v.epoch,
      network: 'holesky',
    });
    expect(signed).toEqual({
      message: { epoch: String(v.epoch), validator_index: String(v.validatorIndex) },
      signature: v.signature,
    });
  });

  it('verifies under the Capella domain and fails under any other fork, network, key or message', () => {
    const signed = signVoluntaryExit({
      secretKey: toHex(keys.signingKey),
      validatorIndex: 7n,
      epoch: '12',
      network: 88,
    });
    expect(verifyVoluntaryExit(signed, keys.pubkey, 'payd-devnet')).toBe(true);
    expect(
      verifyVoluntaryExit(signed, keys.pubkey, 'payd-devnet', NETWORKS['payd-devnet'].capellaForkVersion),
    ).toBe(true);
    // Deneb's or the genesis fork version: rejected (EIP-7044 pins Capella)
    expect(verifyVoluntaryExit(signed, keys.pubkey, 'payd-devnet', '50000058')).toBe(false);
    expect(
      verifyVoluntaryExit(signed, keys.pubkey, 'payd-devnet', NETWORKS['payd-devnet'].genesisForkVersion),
    ).toBe(false);
    // another chain's genesis_validators_root
    expect(verifyVoluntaryExit(signed, keys.pubkey, 'hoodi')).toBe(false);
    // another validator's key
    expect(verifyVoluntaryExit(signed, deriveValidatorKeys(v.mnemonic, 1).pubkey, 'payd-devnet')).toBe(false);
    // altered message
    expect(
      verifyVoluntaryExit({ ...signed, message: { ...signed.message, epoch: '13' } }, keys.pubkey, 88),
    ).toBe(false);
    expect(
      verifyVoluntaryExit(
        { ...signed, message: { ...signed.message, validator_index: '8' } },
        keys.pubkey,
        88,
      ),
    ).toBe(false);
    // garbage never throws
    expect(verifyVoluntaryExit({ ...signed, signature: '0x1234' }, keys.pubkey, 88)).toBe(false);
    expect(
      verifyVoluntaryExit({ ...signed, message: { epoch: '-1', validator_index: '7' } }, keys.pubkey, 88),
    ).toBe(false);
  });

  it('refuses out-of-range exits', () => {
    expect(() =>
      signVoluntaryExit({ secretKey: keys.signingKey, validatorIndex: -1, epoch: 0, network: 'mainnet' }),
    ).toThrow(/uint64/);
    expect(() =>
      signVoluntaryExit({ secretKey: '00'.repeat(32), validatorIndex: 1, epoch: 0, network: 'mainnet' }),
    ).toThrow(/out of range/);
  });
});

describe('networks', () => {
  it("derives the payd devnet's genesis_validators_root from an empty validator registry", () => {
    expect(toHex(emptyValidatorsRoot())).toBe(PAYD_DEVNET_GENESIS_VALIDATORS_ROOT);
  });

  it('finds networks by name and chain id', () => {
    expect(getNetwork(88).name).toBe('payd-devnet');
    expect(getNetwork(17000).genesisForkVersion).toBe('01017000');
    expect(getNetwork('sepolia').capellaForkVersion).toBe('90000072');
    expect(() => getNetwork(5)).toThrow(/unknown network/);
  });
});
