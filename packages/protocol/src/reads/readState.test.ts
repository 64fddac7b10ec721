// What one store refresh asks the node for: constants only the first time, the fee wallet
// addresses at most every 30 s (and a second read when an admin changed one), everything else on
// every refresh. Over a fake multicall that answers by function name.
import { describe, expect, it } from 'vitest';
import type { ProtocolConnection } from '../connection/connection.ts';
import { FEE_WALLET_CHECK_MS, StateReader } from './readState.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

function fakeChain(options: { user?: boolean; ftxPriceFeed?: boolean } = {}) {
  const { user = true, ftxPriceFeed = false } = options;
  const wallets: Record<string, string> = {};
  const reads: string[][] = [];
  const answer = (name: string): unknown => {
    if (name in wallets) return wallets[name];
    switch (name) {
      case 'getBlockNumber':
        return 7n;
      case 'getCurrentBlockTimestamp':
        return 1_700_000_000n;
      case 'fetchPrice':
        return 2000n * 10n ** 18n;
      case 'MINUTE_DECAY_FACTOR':
        return 999037758833783388n;
      case 'BETA':
        return 2n;
      case 'stakePeriod':
        return 86_400n;
      case 'Caches':
        return [0n, 0n, 0n, 0, 0n];
      case 'rewardSnapshots':
        return [0n, 0n];
      case 'getMultipleSortedCaches':
        return [];
      case 'deposits':
        return [0n, ZERO];
      case 'getStake':
        return [0n, 0n, 0n, 0n, 0n];
      case 'VALIDATOR_AMOUNT':
        return 32n * 10n ** 18n;
      case 'availableValidators':
        return 3n;
      case 'freeETH':
        return 5n * 10n ** 17n;
      case 'queuePosition':
        return [2n, 40n * 10n ** 18n];
      case 'getPrice':
        return 5n * 10n ** 17n;
      default:
        return 0n;
    }
  };
  for (const [i, name] of [
    'openCacheFee',
    'topupCacheFee',
    'paydSwapFee',
    'fethSwapFee',
    'liquidationFee',
    'liquidationDeposit',
    'stakingFee',
    'miningFee',
    'charityWalletFETH',
    'charityWalletPAYD',
  ].entries())
    wallets[name] = addr(0x100 + i);
  const connection = {
    deployment: {
      chainId: 88,
      addresses: { multicall3: addr(1), ...(ftxPriceFeed && { ftxPriceFeed: addr(2) }) },
    },
    ...(user && { userAddress: addr(0xabc) }),
    publicClient: {
      multicall: async ({ contracts }: { contracts: { functionName: string }[] }) => {
        reads.push(contracts.map((c) => c.functionName));
        return contracts.map((c) => answer(c.functionName));
      },
    },
  } as unknown as ProtocolConnection;
  return { connection, reads, wallets };
}

describe('StateReader', () => {
  it('reads the constants once and the fee wallet addresses every 30 s, in one multicall per refresh', async () => {
    const chain = fakeChain();
    let now = 0;
    const reader = new StateReader(chain.connection, () => now);
    const first = await reader.read();
    // The first refresh learns the wallet addresses, then reads their balances.
    expect(chain.reads).toHaveLength(2);
    expect(chain.reads[0]).toContain('BETA');
    expect(chain.reads[0]).toContain('openCacheFee');
    expect(first.feesInNormalMode.beta.toString()).toBe('2');
    expect(first.ftxStake.stakePeriodSeconds).toBe(86_400);

    now = 12_000; // the next block
    const next = await reader.read();
    expect(chain.reads).toHaveLength(3);
    const perBlock = chain.reads[2]!;
    for (const name of ['MINUTE_DECAY_FACTOR', 'BETA', 'stakePeriod', 'VALIDATOR_AMOUNT', 'openCacheFee'])
      expect(perBlock).not.toContain(name);
    // 4 constants and 10 wallet addresses out, 10 wallet balances in
    expect(perBlock.length).toBe(chain.reads[0]!.length - 14 + 10);
    expect(next.feesInNormalMode.minuteDecayFactor.toString()).toBe('0.999037758833783388');
    expect(next.ftxStake.stakePeriodSeconds).toBe(86_400);

    // 30 s after the last check an admin's change of a fee wallet is seen: read again at once.
    now = FEE_WALLET_CHECK_MS;
    chain.wallets.openCacheFee = addr(0x999);
    await reader.read();
    expect(chain.reads).toHaveLength(5);
    expect(chain.reads[3]).toContain('openCacheFee');
    expect(chain.reads[4]).not.toContain('openCacheFee');
  });

  it("serves every pool and FETH field in the same multicall, the user's only with a user", async () => {
    const chain = fakeChain({ ftxPriceFeed: true });
    const s = await new StateReader(chain.connection).read();
    const perRefresh = chain.reads[1]!;
    for (const name of ['availableValidators', 'unaccountedETH', 'queuePosition', 'ethSwapClaim', 'getPrice'])
      expect(perRefresh).toContain(name);
    expect(s.availableValidators).toBe(3);
    expect(s.validatorAmt.toString()).toBe('32');
    expect(s.freeETH.toString()).toBe('0.5');
    expect(s.ftxPrice.toString()).toBe('0.5');
    expect(s.fethQueuePosition.position).toBe(2);
    expect(s.fethQueuePosition.fethAhead.toString()).toBe('40');
    for (const [field, value] of Object.entries(s)) expect(value, field).toBeDefined();

    const anonymous = fakeChain({ user: false });
    const a = await new StateReader(anonymous.connection).read();
    for (const name of ['queuePosition', 'fethSwapDeposit', 'ethSwapClaim', 'getPrice'])
      expect(anonymous.reads[1]).not.toContain(name);
    expect(a.fethQueuePosition.position).toBe(0);
    expect(a.fethQueuePosition.fethAhead.isZero).toBe(true);
    expect(a.fethBalance.isZero).toBe(true);
    // no FTX price feed on this deployment: zero, never undefined
    expect(a.ftxPrice.isZero).toBe(true);
    expect(a.availableValidators).toBe(3);
  });
});
