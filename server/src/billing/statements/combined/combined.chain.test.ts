// The combined monthly statement (issue 29 item 4) of a month in which the customer staked a
// validator, bought credits and was charged, borrowed, deposited in the rewards pool, staked FTX,
// was redeemed against and liquidated (@payd/protocol/testing playStatementMonth on a real chain 88):
// it is listed beside the reward and account statements, and its CSV and the PDF's text give every
// record and every chain change of the month as a line, with its ETH and USD value at the day's
// price, and section totals that add the lines.
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAccountActivity, connectReadOnly, type AccountActivity } from '@payd/protocol';
import {
  playStatementMonth,
  startLocalChain,
  type LocalChain,
  type StatementMonth,
} from '@payd/protocol/testing';
import { StatementMessages, type StakeStmtRow } from '@payd/schemas';
import { Role } from '../../../framework/roles.ts';
import { startTestApp, testDatabaseKinds, type TestApp } from '../../../testing/testApp.ts';
import { makeUser, type TestUser } from '../../../testing/testUsers.ts';
import { chainSource } from '../../payments/chain.ts';
import { nextMonth } from '../months.ts';
import { createStatementsFeature } from '../plugin.ts';
import { protocolCombinedChain } from './chainReader.ts';
import { CSV_HEADER } from './csv.ts';
import { divFixed, formatFixed, mulFixed, parseFixed } from './fixed18.ts';

let chain: LocalChain;
let played: StatementMonth;
let activity: AccountActivity[];

beforeAll(async () => {
  chain = await startLocalChain();
  played = await playStatementMonth(chain);
  const reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  activity = await readAccountActivity(reader, {
    accounts: [played.customer],
    from: played.from,
    to: played.to,
  });
}, 300_000);

afterAll(async () => {
  await chain?.close();
});

/** Day `n` of the played month, YYYY-MM-DD. */
const day = (n: number) => `${played.month.slice(0, 8)}${String(n).padStart(2, '0')}`;
/** The ETH/USD price of day n: the deployment's 2,000 until the drop to 600 on day 15. */
const priceOn = (n: number) => (n >= 15 ? '600' : '2000');

/** The CSV line an amount of ETH makes on day n. */
const ethLine = (section: string, n: number, label: string, amount: string, ref: string) => {
  const a = parseFixed(amount);
  return [
    section,
    day(n),
    label,
    formatFixed(a, 18),
    'ETH',
    formatFixed(a, 18),
    formatFixed(mulFixed(a, parseFixed(priceOn(n))), 2),
    `${priceOn(n)}.00`,
    ref,
  ];
};
/** The CSV line of an amount in USD terms (PAYD at 1 USD, credits at 1 USD) on day n. */
const usdLine = (
  section: string,
  n: number,
  label: string,
  amount: string,
  unit: string,
  decimals: number,
  ref: string,
) => {
  const a = parseFixed(amount);
  return [
    section,
    day(n),
    label,
    formatFixed(a, decimals),
    unit,
    formatFixed(divFixed(a, parseFixed(priceOn(n))), 18),
    formatFixed(a, 2),
    `${priceOn(n)}.00`,
    ref,
  ];
};
const wei = (v: bigint) => formatFixed(v, 18);

/** Parses the statement's CSV (quoted fields allowed). */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((row) =>
      [...row.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"')),
    );
}

let t: TestApp;
let alice: TestUser;
let seq = 0;
const billingAt = () => new Date(Date.parse(`${nextMonth(played.month)}T00:00:00Z`) + 3 * 86_400_000);
let rows: string[][];
let pdfText: string;
let listed: StakeStmtRow[];
let paymentId: number;

const history = (validator: number, col: string, amt: string, n: number) =>
  t.database.query(
    `INSERT INTO eth_tx_history (eth2_wallet_id, eth2_validator_id, usr_id, tx_kind, source_key, ${col}, time_stamp, tx_status_cd)
     SELECT eth2_wallet_id, eth2_validator_id, usr_id, 'test', $2, $3::numeric, $4, 'S' FROM eth2_validator
     WHERE eth2_validator_id = $1`,
    [validator, String(seq++), amt, `${day(n)}T09:00:00Z`],
  );

/** The month's records: a validator staked on day 3 with its rewards, credits bought and charged. */
async function recordMonth(): Promise<void> {
  t.clock.advance(billingAt().getTime() - t.clock.now().getTime());
  alice = await makeUser(t, 'alice@example.com', Role.borrower);
  await t.database.query(
    `INSERT INTO stake_wallet_address (usr_id, stake_wallet_addr, stake_wallet_status_cd, input_on)
     VALUES ($1, $2, 'A', $3)`,
    [alice.usrId, played.customer, `${day(1)}T08:00:00Z`],
  );
  const [w] = await t.database.query<{ id: number }>(
    `INSERT INTO eth2_wallet (usr_id, network_id, eth1_withdrawal_addr) VALUES ($1, '88', $2) RETURNING eth2_wallet_id AS id`,
    [alice.usrId, played.customer],
  );
  const [v] = await t.database.query<{ id: number }>(
    `INSERT INTO eth2_validator (eth2_wallet_id, usr_id, idx, validator_status_cd, pub_key, validator_index)
     VALUES ($1, $2, 0, '3', '0x' || lpad('a1', 96, '0'), 77) RETURNING eth2_validator_id AS id`,
    [w!.id, alice.usrId],
  );
  const validator = Number(v!.id);
  // Staked on day 3; rewards on days 3 and 20 (two records that day), fees and MEV on day 12, a
  // withdrawal on day 25 (at the dropped price).
  await history(validator, 'stake_amt', '32', 3);
  await history(validator, 'stake_reward_amt', '0.001000000000000001', 3);
  await history(validator, 'mining_reward_amt', '0.0005', 12);
  await history(validator, 'mev_reward_amt', '0.0007', 12);
  await history(validator, 'stake_reward_amt', '0.002', 20);
  await history(validator, 'stake_reward_amt', '-0.000000000000000003', 20);
  await history(validator, 'withdraw_amt', '-0.0025', 25);
  const [payment] = await t.database.query<{ id: number }>(
    `INSERT INTO stake_payment (pmt_type_cd, pmt_amt, credit_amt, pmt_status_cd, paid_on, usr_id, stripe_ref)
     VALUES ('C', 50.5, 50.50, 'S', $1, $2, 'pi_combined') RETURNING pmt_id AS id`,
    [`${day(4)}T10:00:00Z`, alice.usrId],
  );
  paymentId = Number(payment!.id);
  await t.database.query(
    `INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt)
     SELECT $1, $2, d::date, 1.25 FROM generate_series($3::date, $4::date, interval '1 day') d`,
    [alice.usrId, validator, day(5), day(6)],
  );
  // The next month's first charge: the account statement's records are complete.
  await t.database.query(
    `INSERT INTO stake_charge (usr_id, eth2_validator_id, charge_day, credit_amt) VALUES ($1, $2, $3::date, 1.25)`,
    [alice.usrId, validator, nextMonth(played.month)],
  );
  await t.database.query(`UPDATE eth2_wallet SET beacon_head_utc = $1`, [billingAt().toISOString()]);
}

/** Lists alice's statements and reads the combined one's CSV and PDF text. */
async function readStatement(): Promise<void> {
  const list = await t.call<StakeStmtRow[]>('StakeStmt', 'GetStakeStmt5List', {}, alice.as);
  expect(list.d.status, list.d.message).toBe('success');
  listed = list.d.data!;
  const combined = listed.find((r) => r.StmtTypeCd8 === 'C')!;
  const open = async (options?: object) => {
    const link = await t.call<{ url: string; inline: boolean }>(
      'StakeStmt',
      'GetDownloadLink',
      { keyId: combined.StmtId8, ...(options && { options }) },
      alice.as,
    );
    expect(link.d.status, link.d.message).toBe('success');
    return t.app.inject({
      method: 'GET',
      url: link.d.data!.url,
      headers: { authorization: `Bearer ${alice.token}` },
    });
  };
  const csv = await open({ format: 'csv' });
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe(
    `attachment; filename="Combined Statement ${played.month.slice(0, 7)}.csv"`,
  );
  rows = parseCsv(csv.body);
  const pdf = await open();
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
  pdfText = (await extractText(doc, { mergePages: true })).text.replace(/\s+/g, ' ');
}

function listAndDownloadCases(): void {
  it('lists the combined statement beside the reward and account statements of the month', () => {
    const label = listed.find((r) => r.StmtTypeCd8 === 'C')!.StmtLabel8;
    expect(listed.filter((r) => r.StmtLabel8 === label).map((r) => [r.StmtTypeCd8, r.StmtFileName8])).toEqual(
      [
        ['R', `Reward Statement ${played.month.slice(0, 7)}.pdf`],
        ['C', `Combined Statement ${played.month.slice(0, 7)}.pdf`],
        ['A', `Account Statement ${played.month.slice(0, 7)}.pdf`],
      ],
    );
  });

  it('has a CSV only for the combined statement, and zips it beside the PDF', async () => {
    const month = played.month.slice(0, 7);
    const ofMonth = listed.filter((r) => r.StmtFileName8.endsWith(`${month}.pdf`));
    const reward = ofMonth.find((r) => r.StmtTypeCd8 === 'R')!;
    const refused = await t.call(
      'StakeStmt',
      'GetDownloadLink',
      { keyId: reward.StmtId8, options: { format: 'csv' } },
      alice.as,
    );
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.d)).toContain(StatementMessages.noCsv);
    const bad = await t.call(
      'StakeStmt',
      'GetDownloadLink',
      { keyId: reward.StmtId8, options: { format: 'xls' } },
      alice.as,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.d)).toContain('options.format');
    const zip = await t.call<{ url: string }>(
      'StakeStmt',
      'GetDocZipDownload',
      { keyId: ofMonth.map((r) => r.StmtId8) },
      alice.as,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: zip.d.data!.url,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.headers['content-type']).toBe('application/zip');
    const names = [
      ...res.rawPayload.toString('latin1').matchAll(/(\w+ Statement \d{4}-\d{2}\.(pdf|csv))PK/g),
    ].map((m) => m[1]);
    expect(new Set(names)).toEqual(
      new Set(
        ['Reward', 'Account', 'Combined']
          .map((k) => `${k} Statement ${month}.pdf`)
          .concat(`Combined Statement ${month}.csv`),
      ),
    );
  });
}

function lineCases(): void {
  it("gives every record and chain change of the month as a line, valued at its day's price", () => {
    const of = (k: AccountActivity['kind']) => activity.find((a) => a.kind === k)!;
    const hash = (k: AccountActivity['kind']) => of(k).transactionHash;
    const debt = of('cacheDebt').amount;
    const fee = of('borrowingFee').amount;
    const gain = of('poolGain');
    const liquidated = [of('liquidationCollateral'), of('liquidationDebt')];
    const lines = rows.filter((r) => r[0] !== 'ETH/USD price' && r[2] !== 'Total');
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(lines.slice(1)).toEqual([
      ethLine('Validators', 3, 'Validator deposits', '32', '2 record(s)'),
      ethLine('Validators', 3, 'Consensus rewards', '0.001000000000000001', '2 record(s)'),
      ethLine('Validators', 12, 'Execution fees', '0.0005', '2 record(s)'),
      ethLine('Validators', 12, 'MEV', '0.0007', '2 record(s)'),
      ethLine('Validators', 20, 'Consensus rewards', '0.001999999999999997', '2 record(s)'),
      ethLine('Validators', 25, 'Withdrawals', '-0.0025', '1 record(s)'),
      usdLine('Credits', 4, 'Credits bought (card)', '50.50', 'CR', 2, `payment ${paymentId}: 50.5 USD`),
      usdLine('Credits', 5, 'Charges paid', '-1.25', 'CR', 2, '1 validator-day(s)'),
      usdLine('Credits', 6, 'Charges paid', '-1.25', 'CR', 2, '1 validator-day(s)'),
      ethLine('Cache', 2, 'Collateral added', '10', hash('cacheCollateral')),
      usdLine('Cache', 2, 'PAYD borrowed (incl. fee, reserve)', wei(debt), 'PAYD', 18, hash('cacheDebt')),
      ethLine('Cache', 10, 'Collateral redeemed', '-0.5', hash('redemptionCollateral')),
      usdLine('Cache', 10, 'Debt cancelled by redemption', '-1000', 'PAYD', 18, hash('redemptionDebt')),
      ethLine(
        'Cache',
        15,
        'Collateral liquidated',
        wei(liquidated[0]!.amount),
        liquidated[0]!.transactionHash,
      ),
      usdLine(
        'Cache',
        15,
        'Debt cancelled by liquidation',
        wei(liquidated[1]!.amount),
        'PAYD',
        18,
        liquidated[1]!.transactionHash,
      ),
      usdLine('Fees paid', 2, 'Borrowing fee', wei(fee), 'PAYD', 18, hash('borrowingFee')),
      usdLine('Rewards pool', 5, 'PAYD deposited', '500', 'PAYD', 18, hash('poolDeposit')),
      usdLine('Rewards pool', 16, 'PAYD used by liquidations', '-500', 'PAYD', 18, gain.transactionHash),
      ethLine('Rewards pool', 16, 'ETH gain', wei(gain.amount), gain.transactionHash),
      // FTX at the FTX test feed's 0.50 USD: 500 USD, 0.25 ETH at 2,000.
      [
        'FTX staking',
        day(6),
        'FTX staked',
        '1000.000000000000000000',
        'FTX',
        '0.250000000000000000',
        '500.00',
        '2000.00',
        hash('ftxStaked'),
      ],
    ]);
  });

  it('totals each section as the sum of its lines, and gives the price of every day with its source', () => {
    const sections = ['Validators', 'Credits', 'Cache', 'Fees paid', 'Rewards pool', 'FTX staking', 'FETH'];
    expect(rows.filter((r) => r[2] === 'Total').map((r) => r[0])).toEqual(sections);
    for (const section of sections) {
      const lines = rows.filter((r) => r[0] === section && r[2] !== 'Total');
      const total = rows.find((r) => r[0] === section && r[2] === 'Total')!;
      const sum = (i: number) =>
        formatFixed(
          lines.reduce((s, r) => s + parseFixed(r[i]!), 0n),
          i === 6 ? 2 : 18,
        );
      expect([total[5], total[6], total[8]], section).toEqual([sum(5), sum(6), `${lines.length} line(s)`]);
    }
    const prices = rows.filter((r) => r[0] === 'ETH/USD price');
    expect(prices.map((r) => [r[1], r[3]])).toEqual(
      Array.from({ length: prices.length }, (_, i) => [day(i + 1), `${priceOn(i + 1)}.00`]),
    );
    expect(prices.length).toBeGreaterThanOrEqual(28);
    expect(prices[0]![8]).toBe(
      `payd test price feed ${chain.deployment.addresses.priceFeed} on chain 88 (LastGoodPriceUpdated events)`,
    );
  });

  it("prints every CSV line, each section's total and the price source in the PDF", () => {
    const lines = rows.slice(1).filter((r) => r[0] !== 'ETH/USD price' && r[2] !== 'Total');
    for (const r of lines) {
      const [, d, label, amount, unit, eth, usd, , ref] = r as string[];
      expect(pdfText, `${d} ${label}`).toContain(
        `${d} ${label} ${amount} ${unit} ${eth} ETH ${usd} USD ${ref}`,
      );
    }
    for (const r of rows.filter((x) => x[2] === 'Total'))
      expect(pdfText).toContain(`Total ${r[0]}: ${r[5]} ETH, ${r[6]} USD`);
    expect(pdfText).toContain('Monthly Combined Statement');
    expect(pdfText).toContain(`Wallets: ${played.customer}`);
    expect(pdfText).toContain(
      `the last price of that UTC day from the payd test price feed ${chain.deployment.addresses.priceFeed}`,
    );
    expect(pdfText).toContain(
      `FTX at the price of the day from FTX test price feed ${chain.deployment.addresses.ftxPriceFeed}`,
    );
  });
}

describe.each(testDatabaseKinds)('the combined statement on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      {
        features: [
          createStatementsFeature({
            jobEveryMs: 0,
            now: async () => billingAt(),
            combined: {
              chain: protocolCombinedChain(
                chainSource(chain.devnet.url, chain.deployment),
                chain.deployment,
                null,
              ),
              creditUsd: '1',
            },
          }),
        ],
      },
    );
    await recordMonth();
    await readStatement();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  listAndDownloadCases();
  lineCases();
});
