// PoolValidatorWs: staff read the pool (its validators, the chain's totals, the reward reports) and
// operators run the pool job now; customers reach none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { createLiquidFeature } from './plugin.ts';
import { TestBeacon, TestPoolChain } from '../testing/testPool.ts';
import type { PoolStateReply } from '@payd/schemas';

type Row = Record<string, unknown>;
const S = 'PoolValidator';

describe.each(testDatabaseKinds)('PoolValidatorWs on %s', { timeout: 60_000 }, (kind) => {
  let t: TestApp;
  let operator: TestUser;
  let reviewer: TestUser;
  let customer: TestUser;
  const chain = new TestPoolChain();

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      {
        features: [
          createLiquidFeature({
            chain,
            beacon: new TestBeacon(chain.address),
            jobEveryMs: 0,
            availableTarget: 2,
          }),
        ],
      },
    );
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    customer = await makeUser(t, 'customer@payd.test', Role.borrower);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an operator runs the pool job now; the pool gets its validators', async () => {
    const r = await t.call<{ Ran: boolean; Steps: Record<string, { ok: boolean; result: unknown }> }>(
      S,
      'RunPoolJob',
      {},
      operator.as,
    );
    expect(r.d.status, r.d.message).toBe('success');
    expect(r.d.data).toMatchObject({ Ran: true, Steps: { register: { ok: true, result: { added: 2 } } } });
    expect(chain.validators).toHaveLength(2);
  });

  it("staff see the pool's validators and state, read only", async () => {
    const list = await t.call<{ total: number; data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: '', topN: 50, filterId: '0' },
      reviewer.as,
    );
    expect(list.d.status, list.d.message).toBe('success');
    expect(list.d.data!.total).toBe(2);
    expect(list.d.data!.data.map((r) => r.labelR)).toEqual(['A', 'A']);

    chain.unfilled = 5n * 10n ** 17n;
    const state = await t.call<PoolStateReply>(S, 'GetPoolState', {}, reviewer.as);
    expect(state.d.status, state.d.message).toBe('success');
    expect(state.d.data).toMatchObject({
      Available: true,
      State: { availableValidators: '2', unfilledFETHInQueue: '0.5', reportPeriod: '86400' },
      Validators: { A: 2 },
      Reports: [],
    });

    // A node that does not answer: the rest of the view still comes, with the reason.
    const read = chain.readState.bind(chain);
    chain.readState = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:8545'));
    const down = await t.call<PoolStateReply>(S, 'GetPoolState', {}, reviewer.as);
    chain.readState = read;
    expect(down.d.data).toMatchObject({ Available: true, State: null, Validators: { A: 2 } });
    expect(down.d.data!.StateError).toMatch(/did not answer/);

    const save = await t.call(S, 'SaveData', { mst: { PoolValidatorId41: null, KeyIdx41: 9 } }, operator.as);
    expect(save.d.status).not.toBe('success');
  });

  it('customers get access denied and no data; a reviewer cannot run the job', async () => {
    for (const [method, body] of [
      ['GetSearchList', { searchStr: '', topN: 50, filterId: '0' }],
      ['GetPoolState', {}],
      ['RunPoolJob', {}],
    ] as const) {
      const r = await t.call<Row>(S, method, body, customer.as);
      expect(r.d.status, method).not.toBe('success');
      expect(r.d.data ?? null).toBeNull();
    }
    const reviewerRun = await t.call<Row>(S, 'RunPoolJob', {}, reviewer.as);
    expect(reviewerRun.d.status).not.toBe('success');
    expect(chain.validators).toHaveLength(2);
  });
});
