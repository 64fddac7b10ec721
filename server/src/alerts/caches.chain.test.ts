// The cache alerts against the real contracts on a local chain 88, read through @payd/protocol as the
// job reads them: a customer's cache crossing the 150% band when the price drops fires one alert with
// the chain's figures, and recovery mode begins for the same drop; a redemption that takes part of
// the cache (which stays open) is told once, with what it took and what is left. The reader gives the
// same caches and holdings whatever the number of owners per multicall.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSigner, openCache, redeemPAYD, setPrice, type SignerConnection } from '@payd/protocol';
import { startLocalChain, type LocalChain } from '@payd/protocol/testing';
import { chainSource } from '../billing/index.ts';
import type { Database } from '../db/database.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { openTestDatabase } from '../testing/testApp.ts';
import { protocolCacheReader } from './evaluators/caches.ts';
import { runAlertPass, type AlertJobDeps } from './job.ts';

let chain: LocalChain;
let database: Database;
let drop: () => Promise<void>;
let admin: SignerConnection;
let owner: SignerConnection;
let redeemer: SignerConnection;

beforeAll(async () => {
  chain = await startLocalChain();
  [admin, owner, redeemer] = (await Promise.all(
    [0, 2, 3].map((i) =>
      connectSigner({
        walletClient: chain.wallet(i),
        publicClient: chain.publicClient,
        deployment: chain.deployment,
      }),
    ),
  )) as [SignerConnection, SignerConnection, SignerConnection];
  ({ database, drop } = await openTestDatabase('pglite'));
}, 180_000);

afterAll(async () => {
  await drop?.();
  await chain?.close();
});

describe('cache alerts on chain 88', () => {
  it('tells the owner once when the price takes the cache below 150%, with the chain’s figures', async () => {
    await (await setPrice(admin, 3000)).waitForSuccess();
    await (await openCache(owner, { depositCollateral: 2, borrowPAYD: 3000 })).waitForSuccess();
    const [user] = await database.query<{ usr_id: number }>(
      `INSERT INTO users (usr_name, password_hash, created_at, password_changed_at)
       VALUES ('cache.owner@example.com', 'x', now(), now()) RETURNING usr_id`,
    );
    await database.query(`INSERT INTO wallets (address, usr_id, created_at) VALUES ($1, $2, now())`, [
      owner.userAddress,
      user!.usr_id,
    ]);
    const mails: OutgoingMail[] = [];
    const mailer: Mailer = { send: (m) => void mails.push(m), flush: async () => {}, close: () => {} };
    const deps: AlertJobDeps = {
      db: database.db,
      mailer,
      publicUrl: 'https://payd.example',
      now: async () => new Date(),
      credits: { dailyCharge: '1', warningDays: 7, graceDays: 3 },
      beacon: null,
      caches: protocolCacheReader(chainSource(chain.devnet.url, chain.deployment)),
    };
    await runAlertPass(deps);
    expect(mails).toEqual([]);
    // 2 ETH against about 3,215 PAYD of debt (fees and the gas deposit): at $2,300 about 143%.
    await (await setPrice(admin, 2300)).waitForSuccess();
    await runAlertPass(deps);
    await runAlertPass(deps);
    const band = mails.filter((m) => m.subject === "payd: Your cache's collateral ratio is below 150%");
    expect(band).toHaveLength(1);
    expect(band[0]!.to).toBe('cache.owner@example.com');
    expect(band[0]!.text).toMatch(
      /^At ETH \$2300\.00 your cache's ratio is 14\d\.\d%: 2\.0000 ETH \(\$4600\.00\) against 3\d{3}\.\d\d PAYD\./,
    );
    expect(mails.filter((m) => m.subject === 'payd: Recovery mode has started')).toHaveLength(1);

    // Another person's cache lifts the system out of recovery mode; they redeem 300 PAYD, which
    // the riskiest cache (the owner's) pays in part and stays open.
    await (await openCache(redeemer, { depositCollateral: 20, borrowPAYD: 5000 })).waitForSuccess();
    await (await redeemPAYD(redeemer, 300)).waitForSuccess();
    await runAlertPass(deps);
    await runAlertPass(deps);
    const redeemed = mails.filter((m) => m.subject === 'payd: A redemption touched your cache');
    expect(redeemed).toHaveLength(1);
    expect(redeemed[0]!.to).toBe('cache.owner@example.com');
    // 300 PAYD at $2,300 is 0.1304 ETH ($300.00) of collateral; 1.8696 ETH is left.
    expect(redeemed[0]!.text).toMatch(
      /^PAYD holders redeemed 300\.00 PAYD of your cache's debt for 0\.1304 ETH \(\$30\d\.\d\d at ETH \$2300\.00\) of its collateral; you keep the PAYD you borrowed\. Your cache stays open with 1\.8696 ETH against (2|3)\d{3}\.\d\d PAYD \(ratio 1\d\d\.\d%\)/,
    );
    expect(redeemed[0]!.text).toContain('Raise your ratio: https://payd.example/borrower');
  }, 180_000);

  it('reads every owner at one block the same in batches of one as in batches of 200', async () => {
    const source = chainSource(chain.devnet.url, chain.deployment);
    const owners = [
      ...[admin, owner, redeemer].map((c) => c.userAddress.toLowerCase()),
      ...Array.from({ length: 20 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`),
    ];
    const one = await protocolCacheReader(source, 1).read(owners);
    const batched = await protocolCacheReader(source).read(owners);
    expect(one.block).toEqual(batched.block);
    expect(batched.block!.deployment).toBe(`88:${chain.deployment.addresses.cacheManager.toLowerCase()}`);
    expect([...batched.caches.keys()]).toEqual(owners);
    for (const o of owners) {
      expect(batched.caches.get(o)!.equals(one.caches.get(o)!), o).toBe(true);
      expect(batched.holdings!.get(o)).toEqual(one.holdings!.get(o));
    }
    // The owner's and the redeemer's caches are open; the admin has none.
    expect(batched.caches.get(owners[1]!)!.isEmpty).toBe(false);
    expect(batched.holdings!.get(owners[2]!)!.status).toBe('open');
    expect(batched.holdings!.get(owners[0]!)!.status).toBe('nonExistent');
  }, 60_000);
});
