// Gas of the main user operations (lending, FTX staking, liquid staking: validator deposits, the FETH
// swap queue and a fill of 100 queue entries) and of a sorted-list insert with good hints at 10, 1,000
// and 10,000 caches. Run by bench/gas.bench.mjs as `npx hardhat run scripts/gasBench.ts` (in-process chain).
import hre from 'hardhat';
import { parseEther, type Address, type Hash } from 'viem';
import { deployArtifact, deployLending } from './deployLending';
import { deployLiquid } from './deployLiquid';
import { deployPeriphery } from './deployPeriphery';
import { traceGas } from './gasTrace';
import { validatorDeposits } from './validatorDeposits';

const DEC = 10n ** 18n;
const ZERO: Address = '0x0000000000000000000000000000000000000000';

async function main() {
  const wallets = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const [deployer, serverAdmin] = wallets;
  const clients = { walletClient: deployer, publicClient };
  const periphery = await deployPeriphery({ ...clients, serverAdmin: serverAdmin.account.address });
  const priceFeed = await deployArtifact(clients, 'TestPriceFeed', [2000n * DEC]);
  const a = await deployLending(clients, {
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
  const bo = await at('BorrowerOperations', a.borrowerOperations);
  const cm = await at('CacheManager', a.cacheManager);
  const rp = await at('RewardsPool', a.rewardsPool);
  const sorted = await at('SortedCaches', a.sortedCaches);
  const hints = await at('HintHelpers', a.hintHelpers);
  const payd = await at('PAYDToken', a.paydToken);
  const feed = await at('TestPriceFeed', priceFeed);

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
    const nicr = await hints.read.computeNominalCR([coll, debt]);
    return sorted.read.findInsertPosition([nicr, ZERO, ZERO]);
  };
  const open = async (w: (typeof wallets)[number], eth: string, borrow: bigint, label?: string) => {
    const fee = await cm.read.getBorrowingFeeWithDecay([borrow * DEC]);
    const [up, low] = await insertHints(parseEther(eth), borrow * DEC + fee + 200n * DEC);
    const tx = bo.write.openCache([DEC, borrow * DEC, up, low], {
      account: w.account,
      value: parseEther(eth),
    });
    if (label) await gas(label, tx);
    else await publicClient.waitForTransactionReceipt({ hash: await tx });
  };

  // a whale and 17 users; users 0..4 sit just above MCR for the liquidation rows
  const [whale, ...rest] = users;
  await open(whale, '1000', 200_000n);
  await open(rest[0], '10', 5000n, 'openCache');
  const [up, low] = await insertHints(parseEther('10'), 6030n * DEC);
  await gas(
    'adjustCache (borrow 1000 more)',
    bo.write.adjustCache([DEC, 0n, 1000n * DEC, true, up, low], { account: rest[0].account }),
  );
  const [up2, low2] = await insertHints(parseEther('11'), 7035n * DEC);
  await gas(
    'adjustCache (+1 ETH, borrow 1000 more)',
    bo.write.adjustCache([DEC, 0n, 1000n * DEC, true, up2, low2], {
      account: rest[0].account,
      value: parseEther('1'),
    }),
  );
  await payd.write.transfer([rest[0].account.address, 3000n * DEC], { account: whale.account });
  await gas('closeCache', bo.write.closeCache({ account: rest[0].account }));
  await gas(
    'provideToSP (first deposit)',
    rp.write.provideToSP([50_000n * DEC, ZERO], { account: whale.account }),
  );
  await gas('withdrawFromSP (part)', rp.write.withdrawFromSP([1000n * DEC], { account: whale.account }));

  // redemption rows: seven small caches of 2500 PAYD at ~300%
  for (let i = 1; i <= 7; i++) await open(rest[i], String(4 + i * 0.1), 2500n);
  const redeem = async (label: string, amount: bigint) => {
    const [first, nicr, truncated] = await hints.read.getRedemptionHints([amount, 2000n * DEC, 0n]);
    const [u, l] = await sorted.read.findInsertPosition([nicr, ZERO, ZERO]);
    await gas(
      label,
      cm.write.redeemCollateral([truncated, 0n, first, u, l, nicr, 0n], { account: whale.account }),
    );
  };
  await redeem('redeemCollateral, 1 cache (partial)', 10n * DEC);
  // the lowest cache's whole net debt plus 10 PAYD of the next one
  const [lowDebt] = await cm.read.getEntireDebtAndColl([await sorted.read.getLast()]);
  await redeem('redeemCollateral, 1 full + 1 partial', lowDebt - 200n * DEC + 10n * DEC);
  await redeem('redeemCollateral, 3 full + 1 partial', 7_537n * DEC + DEC / 2n);

  // liquidation rows: 11 caches of fresh accounts at ~122% at 2000, liquidated at 1800
  const testClient = await hre.viem.getTestClient();
  const risky: Address[] = [];
  for (let i = 0; i < 11; i++) {
    const owner = `0x${(0xbe0000 + i).toString(16).padStart(40, '0')}` as Address;
    risky.push(owner);
    await testClient.setBalance({ address: owner, value: parseEther('10') });
    await testClient.impersonateAccount({ address: owner });
    await kyc.write.setStatus([owner, 2]);
    const [u, l] = await insertHints(parseEther('3.2'), 5225n * DEC);
    await publicClient.waitForTransactionReceipt({
      hash: await bo.write.openCache([DEC, 5000n * DEC, u, l], { account: owner, value: parseEther('3.2') }),
    });
  }
  await feed.write.setPrice([1800n * DEC]);
  await gas('liquidate (1 cache, pool covers)', cm.write.liquidate([risky[0]], { account: whale.account }));
  const before = await sorted.read.getSize();
  await gas('liquidateCaches(10)', cm.write.liquidateCaches([10n], { account: whale.account }));
  if (before - (await sorted.read.getSize()) !== 10n) throw new Error('liquidateCaches did not liquidate 10');

  // FTX staking
  const ftx = await at('FTXToken', periphery.ftxToken);
  const staking = await at('FTXStaking', periphery.ftxStaking);
  await ftx.write.approve([periphery.ftxStaking, 10_000n * DEC]);
  await kyc.write.setStatus([deployer.account.address, 2]);
  await gas('stakeFTX (FTXStaking.stake)', staking.write.stake([5000n * DEC]));

  // liquid staking (issue 13): validator deposits, the swap queue, and a fill of 100 queue entries
  const liquid = await deployLiquid(clients, {
    serverAdmin: serverAdmin.account.address,
    humanAdmin: periphery.humanAdmin,
    lendingSettings: a.lendingSettings,
    rewardsPool: a.rewardsPool,
    depositContract: periphery.depositContract,
  });
  names.set(liquid.validatorPool.toLowerCase(), 'validatorPool');
  names.set(liquid.fethToken.toLowerCase(), 'fethToken');
  const pool = await at('ValidatorPool', liquid.validatorPool);
  const feth = await at('FETHToken', liquid.fethToken);
  const ETH32 = parseEther('32');
  const wait = async (hash: Promise<Hash>) => {
    const r = await publicClient.waitForTransactionReceipt({ hash: await hash });
    if (r.status !== 'success') throw new Error(`transaction ${r.transactionHash} failed`);
    return r;
  };
  await wait(
    pool.write.addValidators([validatorDeposits(liquid.validatorPool, 0, 16)], { account: serverAdmin.account }),
  );
  const [staker1, staker10] = users;
  await gas(
    'depositMultipleValidators(1)',
    pool.write.depositMultipleValidators([1n], { account: staker1.account, value: ETH32 }),
  );
  await gas(
    'depositMultipleValidators(10)',
    pool.write.depositMultipleValidators([10n], { account: staker10.account, value: 10n * ETH32 }),
  );
  await gas('depositFETH (the first entry ever, no free ETH)', pool.write.depositFETH([10n * DEC], { account: staker1.account }));
  await gas('cancelFETHDeposit', pool.write.cancelFETHDeposit({ account: staker1.account }));
  // an exit settled with an empty queue, then 100 entries of 1 FETH from 100 accounts
  await wait(pool.write.markExiting([[1n, 2n, 3n, 4n, 5n, 6n]], { account: serverAdmin.account }));
  const poolBalance = async () => publicClient.getBalance({ address: liquid.validatorPool });
  await testClient.setBalance({ address: liquid.validatorPool, value: (await poolBalance()) + ETH32 });
  await gas('settleExits (1 exit, empty queue)', pool.write.settleExits([[1n]], { account: serverAdmin.account }));
  // the free 32 ETH are taken by one entry first
  await wait(feth.write.transfer([staker1.account.address, ETH32], { account: staker10.account }));
  await gas('depositFETH (filled at once)', pool.write.depositFETH([ETH32], { account: staker1.account }));
  await gas('claimETH', pool.write.claimETH({ account: staker1.account }));
  const queuers: Address[] = [];
  for (let i = 0; i < 100; i++) {
    const who = `0x${(0xfe0000 + i).toString(16).padStart(40, '0')}` as Address;
    queuers.push(who);
    await testClient.setBalance({ address: who, value: parseEther('1') });
    await testClient.impersonateAccount({ address: who });
    await kyc.write.setStatus([who, 2]);
    await wait(feth.write.transfer([who, DEC], { account: staker10.account }));
    const queue = pool.write.depositFETH([DEC], { account: who });
    if (i === 50) await gas('depositFETH (queued behind 50 entries)', queue);
    else await wait(queue);
  }
  await testClient.setBalance({ address: liquid.validatorPool, value: (await poolBalance()) + 4n * ETH32 });
  const fillHash = pool.write.settleExits([[2n, 3n, 4n, 5n]], { account: serverAdmin.account, gas: 29_000_000n });
  await gas('settleExits (4 exits) filling 100 entries', fillHash);
  if ((await pool.read.queueLength()) !== 0n) throw new Error('the 100 entries were not all filled');
  await gas('claimETH (1 ETH of a filled entry)', pool.write.claimETH({ account: queuers[0] }));

  console.log('\nGas per operation (Hardhat EDR, cancun, optimizer 200 runs)\n');
  const width = Math.max(...rows.map(([l]) => l.length));
  for (const [label, used] of rows) console.log(`  ${label.padEnd(width)}  ${used.toString().padStart(9)}`);
  const byRow = new Map(rows);
  const fill100 = byRow.get('settleExits (4 exits) filling 100 entries')!;
  const settleAlone = byRow.get('settleExits (1 exit, empty queue)')!;
  console.log(
    `\n  queue fill of 100 entries: ${fill100.toLocaleString('en-US')} in all, ${(fill100 / 100n).toLocaleString('en-US')} per entry` +
      ` (${((fill100 - settleAlone) / 100n).toLocaleString('en-US')} per entry beyond a settleExits with an empty queue)`,
  );
  for (const line of traces) console.log(line);

  // sorted-list insert with exact hints at 10, 1,000 and 10,000 entries
  console.log('\nSortedCaches.insert with exact hints (gas of the insert call itself)\n');
  const filler = await hre.viem.deployContract('SortedCachesFiller', []);
  const list = await at('SortedCaches', await filler.read.list());
  let size = 0n;
  let n = 0;
  const inserts: bigint[] = [];
  for (const target of [10n, 1000n, 10_000n]) {
    while (size < target) {
      const batch = target - size > 250n ? 250n : target - size;
      const h = await filler.write.fill([batch], { gas: 29_000_000n });
      await publicClient.waitForTransactionReceipt({ hash: h });
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
    await publicClient.waitForTransactionReceipt({ hash: insertHash });
    const used = await filler.read.lastInsertGas();
    if (process.env.GAS_TRACE && target === 10n) {
      names.set(filler.address.toLowerCase(), 'filler');
      names.set(list.address.toLowerCase(), 'sortedCaches');
      console.log(...(await traceGas(hre.network.provider, insertHash, names)));
    }
    console.log(`  ${`${target.toLocaleString('en-US')} caches`.padEnd(14)}  ${used.toString().padStart(9)}`);
    inserts.push(used);
    size = await list.read.getSize();
  }

  // issue 16: each row beside Liquity v1's figure (same positions on one Hardhat chain, solc 0.6.11,
  // 100 runs) and the aim
  const byLabel = new Map(rows);
  const fmt = (n: bigint | number) => n.toLocaleString('en-US');
  const table: [string, number, bigint, number][] = [
    ['open a cache with exact hints', 421_554, byLabel.get('openCache')!, 340_000],
    ['adjust (+1 ETH, borrow)', 275_370, byLabel.get('adjustCache (+1 ETH, borrow 1000 more)')!, 220_000],
    ['close', 184_155, byLabel.get('closeCache')!, 150_000],
    [
      'redeem 1 full + 1 partial cache',
      398_904,
      byLabel.get('redeemCollateral, 1 full + 1 partial')!,
      320_000,
    ],
    ['liquidate 1 (pool covers)', 336_273, byLabel.get('liquidate (1 cache, pool covers)')!, 250_000],
    ['liquidate a batch of 10', 800_664, byLabel.get('liquidateCaches(10)')!, 600_000],
  ];
  const maxInsert = inserts.reduce((a, b) => (a > b ? a : b));
  const minInsert = inserts.reduce((a, b) => (a < b ? a : b));
  console.log('\nAgainst Liquity v1 (issue 16)\n');
  const w = 44;
  console.log(
    `  ${'operation'.padEnd(w)}  ${'Liquity v1'.padStart(10)}  ${'payd'.padStart(9)}  ${'aim'.padStart(11)}  result`,
  );
  for (const [label, liquity, payd, aim] of table) {
    console.log(
      `  ${label.padEnd(w)}  ${fmt(liquity).padStart(10)}  ${fmt(payd).padStart(9)}  ${`<= ${fmt(aim)}`.padStart(11)}  ${payd <= BigInt(aim) ? 'met' : 'MISSED'}`,
    );
  }
  // flat: the three sizes within 1% of each other
  const flat = (maxInsert - minInsert) * 100n <= minInsert;
  console.log(
    `  ${'sorted-list insert, exact hints (10/1k/10k)'.padEnd(w)}  ${fmt(78_137).padStart(10)}  ${inserts.map(fmt).join('/').padStart(9)}  ${'<= 70,000'.padStart(11)}  ${maxInsert <= 70_000n && flat ? 'met' : 'MISSED'}${flat ? ', flat' : ', not flat'}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
