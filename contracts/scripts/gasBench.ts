// Gas of the main user operations (lending, FTX staking, liquid staking: validator deposits, the FETH
// swap queue and a fill of 100 queue entries), of a sorted-list insert with good hints at 10, 1,000
// and 10,000 caches, and of multiple-deposit transactions of 1, 10 and 100 mixed amounts. Run by bench/gas.bench.mjs as `npx hardhat run scripts/gasBench.ts` (in-process chain).
// Each section is one function taking the shared Bench context; the printed tables are in gasBenchReport.ts.
import hre from 'hardhat';
import { parseEther, type Address, type Hash } from 'viem';
import { deployArtifact, deployLending } from './deployLending';
import { deployLiquid } from './deployLiquid';
import { deployPeriphery } from './deployPeriphery';
import { printLiquityComparison, printRows } from './gasBenchReport';
import { traceGas } from './gasTrace';
import { multipleDepositGas } from './multipleDepositGas';
import { validatorDeposits } from './validatorDeposits';

const DEC = 10n ** 18n;
const ZERO: Address = '0x0000000000000000000000000000000000000000';

type Wallet = Awaited<ReturnType<typeof hre.viem.getWalletClients>>[number];
type PublicClient = Awaited<ReturnType<typeof hre.viem.getPublicClient>>;
type Lending = Awaited<ReturnType<typeof deployLending>>;
type Periphery = Awaited<ReturnType<typeof deployPeriphery>>;

/** What every section shares: the chain, the deployed contracts, and the rows measured so far. */
async function setUp() {
  const wallets = await hre.viem.getWalletClients();
  const publicClient: PublicClient = await hre.viem.getPublicClient();
  const [deployer, serverAdmin] = wallets;
  const clients = { walletClient: deployer, publicClient };
  const periphery: Periphery = await deployPeriphery({
    ...clients,
    serverAdmin: serverAdmin.account.address,
  });
  const priceFeed = await deployArtifact(clients, 'TestPriceFeed', [2000n * DEC]);
  const a: Lending = await deployLending(clients, {
    serverAdmin: serverAdmin.account.address,
    humanAdmin: periphery.humanAdmin,
    treasury: deployer.account.address,
    kycManager: periphery.kycManager,
    ftxStaking: periphery.ftxStaking,
    priceFeed,
    bootstrapPeriod: 0n,
  });
  const at = hre.viem.getContractAt;
  const kyc = await at('KycManager', periphery.kycManager);
  const users = wallets.slice(2, 20);
  await kyc.write.setStatuses([users.map((w) => w.account.address), users.map(() => 2)]);
  const contracts = {
    kyc,
    bo: await at('BorrowerOperations', a.borrowerOperations),
    cm: await at('CacheManager', a.cacheManager),
    rp: await at('RewardsPool', a.rewardsPool),
    sorted: await at('SortedCaches', a.sortedCaches),
    hints: await at('HintHelpers', a.hintHelpers),
    payd: await at('PAYDToken', a.paydToken),
    feed: await at('TestPriceFeed', priceFeed),
  };

  // GAS_TRACE=1: after the table, each row's call tree (gasTrace.ts)
  const names = new Map<string, string>(
    [...Object.entries(a), ...Object.entries(periphery), ['priceFeed', priceFeed]]
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([k, v]) => [v.toLowerCase(), k]),
  );
  const traces: string[] = [];
  const rows: [string, bigint][] = [];
  const gas = async (label: string, hash: Promise<Hash>) => {
    const h = await hash;
    const r = await publicClient.waitForTransactionReceipt({ hash: h });
    if (r.status !== 'success') throw new Error(`${label} failed`);
    rows.push([label, r.gasUsed]);
    if (process.env.GAS_TRACE)
      traces.push(`\n${label}: ${r.gasUsed}`, ...(await traceGas(hre.network.provider, h, names)));
  };
  const insertHints = async (coll: bigint, debt: bigint) => {
    const nicr = await contracts.hints.read.computeNominalCR([coll, debt]);
    return contracts.sorted.read.findInsertPosition([nicr, ZERO, ZERO]);
  };
  const testClient = await hre.viem.getTestClient();
  return {
    ...contracts,
    at,
    a,
    periphery,
    clients,
    publicClient,
    testClient,
    deployer,
    serverAdmin,
    users,
    names,
    traces,
    rows,
    gas,
    insertHints,
  };
}

type Bench = Awaited<ReturnType<typeof setUp>>;

async function openCache(b: Bench, w: Wallet, eth: string, borrow: bigint, label?: string) {
  const fee = await b.cm.read.getBorrowingFeeWithDecay([borrow * DEC]);
  const [up, low] = await b.insertHints(parseEther(eth), borrow * DEC + fee + 200n * DEC);
  const tx = b.bo.write.openCache([DEC, borrow * DEC, up, low], {
    account: w.account,
    value: parseEther(eth),
  });
  if (label) await b.gas(label, tx);
  else await b.publicClient.waitForTransactionReceipt({ hash: await tx });
}

/** Funds, impersonates and KYCs a fresh account 0x…<prefix + i>. */
async function freshAccount(b: Bench, prefix: number, i: number, eth: string): Promise<Address> {
  const owner = `0x${(prefix + i).toString(16).padStart(40, '0')}` as Address;
  await b.testClient.setBalance({ address: owner, value: parseEther(eth) });
  await b.testClient.impersonateAccount({ address: owner });
  await b.kyc.write.setStatus([owner, 2]);
  return owner;
}

// a whale and 17 users; users 0..4 sit just above MCR for the liquidation rows
async function cacheRows(b: Bench) {
  const [whale, ...rest] = b.users;
  await openCache(b, whale, '1000', 200_000n);
  await openCache(b, rest[0], '10', 5000n, 'openCache');
  const [up, low] = await b.insertHints(parseEther('10'), 6030n * DEC);
  await b.gas(
    'adjustCache (borrow 1000 more)',
    b.bo.write.adjustCache([DEC, 0n, 1000n * DEC, true, up, low], { account: rest[0].account }),
  );
  const [up2, low2] = await b.insertHints(parseEther('11'), 7035n * DEC);
  await b.gas(
    'adjustCache (+1 ETH, borrow 1000 more)',
    b.bo.write.adjustCache([DEC, 0n, 1000n * DEC, true, up2, low2], {
      account: rest[0].account,
      value: parseEther('1'),
    }),
  );
  await b.payd.write.transfer([rest[0].account.address, 3000n * DEC], { account: whale.account });
  await b.gas('closeCache', b.bo.write.closeCache({ account: rest[0].account }));
  await b.gas(
    'provideToSP (first deposit)',
    b.rp.write.provideToSP([50_000n * DEC, ZERO], { account: whale.account }),
  );
  await b.gas('withdrawFromSP (part)', b.rp.write.withdrawFromSP([1000n * DEC], { account: whale.account }));
}

// redemption rows: seven small caches of 2500 PAYD at ~300%
async function redemptionRows(b: Bench) {
  const [whale, ...rest] = b.users;
  for (let i = 1; i <= 7; i++) await openCache(b, rest[i], String(4 + i * 0.1), 2500n);
  const redeem = async (label: string, amount: bigint) => {
    const [first, nicr, truncated] = await b.hints.read.getRedemptionHints([amount, 2000n * DEC, 0n]);
    const [u, l] = await b.sorted.read.findInsertPosition([nicr, ZERO, ZERO]);
    await b.gas(
      label,
      b.cm.write.redeemCollateral([truncated, 0n, first, u, l, nicr, 0n], { account: whale.account }),
    );
  };
  await redeem('redeemCollateral, 1 cache (partial)', 10n * DEC);
  // the lowest cache's whole net debt plus 10 PAYD of the next one
  const [lowDebt] = await b.cm.read.getEntireDebtAndColl([await b.sorted.read.getLast()]);
  await redeem('redeemCollateral, 1 full + 1 partial', lowDebt - 200n * DEC + 10n * DEC);
  await redeem('redeemCollateral, 3 full + 1 partial', 7_537n * DEC + DEC / 2n);
}

// liquidation rows: 11 caches of fresh accounts at ~122% at 2000, liquidated at 1800
async function liquidationRows(b: Bench) {
  const whale = b.users[0];
  const risky: Address[] = [];
  for (let i = 0; i < 11; i++) {
    const owner = await freshAccount(b, 0xbe0000, i, '10');
    risky.push(owner);
    const [u, l] = await b.insertHints(parseEther('3.2'), 5225n * DEC);
    await b.publicClient.waitForTransactionReceipt({
      hash: await b.bo.write.openCache([DEC, 5000n * DEC, u, l], {
        account: owner,
        value: parseEther('3.2'),
      }),
    });
  }
  await b.feed.write.setPrice([1800n * DEC]);
  await b.gas(
    'liquidate (1 cache, pool covers)',
    b.cm.write.liquidate([risky[0]], { account: whale.account }),
  );
  const before = await b.sorted.read.getSize();
  await b.gas('liquidateCaches(10)', b.cm.write.liquidateCaches([10n], { account: whale.account }));
  if (before - (await b.sorted.read.getSize()) !== 10n)
    throw new Error('liquidateCaches did not liquidate 10');
}

// FTX staking
async function ftxRows(b: Bench) {
  const ftx = await b.at('FTXToken', b.periphery.ftxToken);
  const staking = await b.at('FTXStaking', b.periphery.ftxStaking);
  await ftx.write.approve([b.periphery.ftxStaking, 10_000n * DEC]);
  await b.kyc.write.setStatus([b.deployer.account.address, 2]);
  await b.gas('stakeFTX (FTXStaking.stake)', staking.write.stake([5000n * DEC]));
}

// liquid staking (issue 13): validator deposits, the swap queue, and a fill of 100 queue entries
async function liquidRows(b: Bench) {
  const liquid = await deployLiquid(b.clients, {
    serverAdmin: b.serverAdmin.account.address,
    humanAdmin: b.periphery.humanAdmin,
    lendingSettings: b.a.lendingSettings,
    rewardsPool: b.a.rewardsPool,
    depositContract: b.periphery.depositContract,
  });
  b.names.set(liquid.validatorPool.toLowerCase(), 'validatorPool');
  b.names.set(liquid.fethToken.toLowerCase(), 'fethToken');
  const pool = await b.at('ValidatorPool', liquid.validatorPool);
  const feth = await b.at('FETHToken', liquid.fethToken);
  const admin = { account: b.serverAdmin.account };
  const ETH32 = parseEther('32');
  const wait = async (hash: Promise<Hash>) => {
    const r = await b.publicClient.waitForTransactionReceipt({ hash: await hash });
    if (r.status !== 'success') throw new Error(`transaction ${r.transactionHash} failed`);
    return r;
  };
  await wait(pool.write.addValidators([validatorDeposits(liquid.validatorPool, 0, 16)], admin));
  const [staker1, staker10] = b.users;
  await b.gas(
    'depositMultipleValidators(1)',
    pool.write.depositMultipleValidators([1n], { account: staker1.account, value: ETH32 }),
  );
  await b.gas(
    'depositMultipleValidators(10)',
    pool.write.depositMultipleValidators([10n], { account: staker10.account, value: 10n * ETH32 }),
  );
  await b.gas(
    'depositFETH (the first entry ever, no free ETH)',
    pool.write.depositFETH([10n * DEC], { account: staker1.account }),
  );
  await b.gas('cancelFETHDeposit', pool.write.cancelFETHDeposit({ account: staker1.account }));
  // an exit settled with an empty queue, then 100 entries of 1 FETH from 100 accounts
  await wait(pool.write.markExiting([[1n, 2n, 3n, 4n, 5n, 6n]], admin));
  const addPoolBalance = async (value: bigint) => {
    const balance = await b.publicClient.getBalance({ address: liquid.validatorPool });
    await b.testClient.setBalance({ address: liquid.validatorPool, value: balance + value });
  };
  await addPoolBalance(ETH32);
  await b.gas('settleExits (1 exit, empty queue)', pool.write.settleExits([[1n]], admin));
  // the free 32 ETH are taken by one entry first
  await wait(feth.write.transfer([staker1.account.address, ETH32], { account: staker10.account }));
  await b.gas('depositFETH (filled at once)', pool.write.depositFETH([ETH32], { account: staker1.account }));
  await b.gas('claimETH', pool.write.claimETH({ account: staker1.account }));
  const queuers: Address[] = [];
  for (let i = 0; i < 100; i++) {
    const who = await freshAccount(b, 0xfe0000, i, '1');
    queuers.push(who);
    await wait(feth.write.transfer([who, DEC], { account: staker10.account }));
    const queue = pool.write.depositFETH([DEC], { account: who });
    if (i === 50) await b.gas('depositFETH (queued behind 50 entries)', queue);
    else await wait(queue);
  }
  await addPoolBalance(4n * ETH32);
  const fillHash = pool.write.settleExits([[2n, 3n, 4n, 5n]], { ...admin, gas: 29_000_000n });
  await b.gas('settleExits (4 exits) filling 100 entries', fillHash);
  if ((await pool.read.queueLength()) !== 0n) throw new Error('the 100 entries were not all filled');
  await b.gas('claimETH (1 ETH of a filled entry)', pool.write.claimETH({ account: queuers[0] }));
}

// sorted-list insert with exact hints at 10, 1,000 and 10,000 entries; prints each size's line
async function sortedInserts(b: Bench): Promise<bigint[]> {
  console.log('\nSortedCaches.insert with exact hints (gas of the insert call itself)\n');
  const filler = await hre.viem.deployContract('SortedCachesFiller', []);
  const list = await b.at('SortedCaches', await filler.read.list());
  let size = 0n;
  let n = 0;
  const inserts: bigint[] = [];
  for (const target of [10n, 1000n, 10_000n]) {
    while (size < target) {
      const batch = target - size > 250n ? 250n : target - size;
      const h = await filler.write.fill([batch], { gas: 29_000_000n });
      await b.publicClient.waitForTransactionReceipt({ hash: h });
      size += batch;
    }
    // a ratio between the two middle entries, with them as hints
    const middle = size / 2n;
    const prev = `0x${middle.toString(16).padStart(40, '0')}` as Address;
    const next = `0x${(middle + 1n).toString(16).padStart(40, '0')}` as Address;
    const nicr = (await filler.read.getNominalICR([prev])) - 500n;
    n += 1;
    const id = `0x${(10n ** 9n + BigInt(n)).toString(16).padStart(40, '0')}` as Address;
    const insertHash = await filler.write.insertWithHints([id, nicr, prev, next]);
    await b.publicClient.waitForTransactionReceipt({ hash: insertHash });
    const used = await filler.read.lastInsertGas();
    if (process.env.GAS_TRACE && target === 10n) {
      b.names.set(filler.address.toLowerCase(), 'filler');
      b.names.set(list.address.toLowerCase(), 'sortedCaches');
      console.log(...(await traceGas(hre.network.provider, insertHash, b.names)));
    }
    console.log(`  ${`${target.toLocaleString('en-US')} caches`.padEnd(14)}  ${used.toString().padStart(9)}`);
    inserts.push(used);
    size = await list.read.getSize();
  }
  return inserts;
}

/**
 * Every block one second after the one before, whatever the machine's speed: a fee operation (an
 * open, an adjustment that borrows, a redemption) also writes `lastFeeOperationTime` when a whole
 * minute has passed since the last one (about 3,700 more), so a wall-clock chain put that write in
 * whichever row crossed a minute. `jumpTo` sets one block's time instead.
 */
function steadyClock() {
  const provider = hre.network.provider;
  const send = provider.request.bind(provider);
  let jump: bigint | undefined;
  provider.request = async (args) => {
    if (args.method === 'eth_sendTransaction' || args.method === 'eth_sendRawTransaction') {
      const latest = (await send({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
        timestamp: string;
      };
      const at = jump ?? BigInt(latest.timestamp) + 1n;
      jump = undefined;
      await send({ method: 'evm_setNextBlockTimestamp', params: [`0x${at.toString(16)}`] });
    }
    return send(args);
  };
  return {
    jumpTo: (timestamp: bigint) => {
      jump = timestamp;
    },
  };
}

/** The next block at a whole minute after the last fee operation, so that the fee operation sent in
 * it starts a fresh minute and the rows after it (fewer than 60 blocks) cross none. */
async function startFeeMinute(b: Bench, clock: ReturnType<typeof steadyClock>) {
  const last = await b.cm.read.lastFeeOperationTime();
  const next = (await b.publicClient.getBlock()).timestamp + 1n;
  clock.jumpTo(last + 60n * ((next - last + 59n) / 60n));
}

async function main() {
  const clock = steadyClock();
  const b = await setUp();
  await startFeeMinute(b, clock);
  await cacheRows(b);
  await redemptionRows(b);
  await liquidationRows(b);
  await ftxRows(b);
  await liquidRows(b);
  printRows(b.rows, b.traces);
  const inserts = await sortedInserts(b);
  printLiquityComparison(b.rows, inserts);
  await multipleDepositGas(b.periphery.multipleDeposit);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
