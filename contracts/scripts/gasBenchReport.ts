// The printed parts of scripts/gasBench.ts: the table of gas per operation (with the queue-fill line
// and, under GAS_TRACE=1, each row's call tree) and the comparison with Liquity v1 (issue 16).

const fmt = (n: bigint | number) => n.toLocaleString('en-US');

export function printRows(rows: [string, bigint][], traces: string[]) {
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
}

// issue 16: each row beside Liquity v1's figure (same positions on one Hardhat chain, solc 0.6.11,
// 100 runs) and the aim
export function printLiquityComparison(rows: [string, bigint][], inserts: bigint[]) {
  const byLabel = new Map(rows);
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
