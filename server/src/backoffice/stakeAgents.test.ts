// StakeAgentWs: an admin keeps the agents customers pick at wallet registration (StakeUserInfoWs
// GetAgentNumber17List); other roles are refused; an agent customers chose is retired, not deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { Role } from '../framework/roles.ts';
import { countRows, makeUser, type TestUser } from '../testing/testUsers.ts';

type Row = Record<string, unknown>;
const S = 'StakeAgent';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let operator: TestUser;
let carol: TestUser;

const offered = async (who: TestUser) =>
  (await t.call<Row[]>('StakeUserInfo', 'GetAgentNumber17List', { query: '', topN: 50 }, who.as)).d.data;

const add = (who: TestUser, id: string, name: string) =>
  t.call<{ mst: Row }>(
    S,
    'SaveData',
    { mst: { AgentKey40: '', AgentId40: id, AgentName40: name, AgentStatus40: 'stakeAgent', Sort40: 0 } },
    who.as,
  );

describe.each(testDatabaseKinds)('StakeAgentWs on %s', (kind) => {
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await makeUser(t, 'admin@payd.test', Role.admin);
    reviewer = await makeUser(t, 'reviewer@payd.test', Role.kycReviewer);
    operator = await makeUser(t, 'operator@payd.test', Role.operator);
    carol = await makeUser(t, 'carol@example.com', Role.borrower);
  });

  afterAll(async () => {
    await t?.close();
  });

  addAndRenameCases();
  retireAndAccessCases();
});

function addAndRenameCases(): void {
  it("an admin adds an agent and it is offered in the customer's agent dropdown", async () => {
    expect(await offered(carol)).toEqual([]);
    const empty = await t.call<Row>(S, 'GetNewMst', {}, admin.as);
    expect(empty.d.data).toMatchObject({ AgentKey40: '', AgentStatus40: 'stakeAgent', Sort40: 0 });
    const saved = await add(admin, 'AG-001', 'Alpha Partners');
    expect(saved.d.status).toBe('success');
    expect(saved.d.message).toBe('Saved');
    expect(saved.d.data!.mst).toMatchObject({
      AgentId40: 'AG-001',
      AgentName40: 'Alpha Partners',
      AgentStatus40: 'stakeAgent',
      AgentStatus40Text: 'Active',
      CustomerCnt40: 0,
    });
    expect(await offered(carol)).toEqual([{ key: 'AG-001', label: 'Alpha Partners' }]);
    const list = await t.call<{ total: number; data: Row[] }>(
      S,
      'GetSearchList',
      { searchStr: 'alpha' },
      admin.as,
    );
    expect(list.d.data!.data).toEqual([
      expect.objectContaining({ label: 'Alpha Partners', labelR: 'Active', detail: 'AG-001', detailR: '0' }),
    ]);
  });

  it('refuses a missing, malformed or taken Agent ID and writes nothing', async () => {
    const n = await countRows(t, 'ref_codes');
    const missing = await t.call(
      S,
      'SaveData',
      { mst: { AgentKey40: '', AgentId40: '', AgentName40: '', AgentStatus40: 'stakeAgent' } },
      admin.as,
    );
    expect(missing.d.validationErrors).toEqual([
      { field: 'mst.AgentId40', message: 'Please enter the Agent ID.' },
      { field: 'mst.AgentName40', message: 'Please enter the agent name.' },
    ]);
    const spaced = await add(admin, 'AG 2', 'Beta');
    expect(spaced.status).toBe(400);
    expect(spaced.d.validationErrors).toEqual([
      {
        field: 'mst.AgentId40',
        message: 'Agent ID may contain only letters, digits, dots, dashes and underscores.',
      },
    ]);
    const taken = await add(admin, 'ag-001', 'Alpha again');
    expect(taken.status).toBe(400);
    expect(taken.d.validationErrors).toEqual([
      { field: 'mst.AgentId40', message: 'Agent ID ag-001 exists already.' },
    ]);
    // Another reference category cannot be reached through the agents' status.
    const sneaky = await t.call(
      S,
      'SaveData',
      { mst: { AgentKey40: '', AgentId40: 'X1', AgentName40: 'X', AgentStatus40: 'role' } },
      admin.as,
    );
    expect(sneaky.d.validationErrors).toEqual([
      { field: 'mst.AgentStatus40', message: 'Status is not a valid choice' },
    ]);
    expect(await countRows(t, 'ref_codes')).toBe(n);
  });

  it('an admin renames an agent (audited); its Agent ID stays fixed', async () => {
    const [row] = (await t.call<{ data: Row[] }>(S, 'GetSearchList', { searchStr: '**AG-001' }, admin.as)).d
      .data!.data;
    const rec = (await t.call<Row>(S, 'GetStakeAgent40ById', { keyId: row!.key }, admin.as)).d.data!;
    const renamed = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { ...rec, AgentName40: 'Alpha Partners Ltd' } },
      admin.as,
    );
    expect(renamed.d.status).toBe('success');
    expect(await offered(carol)).toEqual([{ key: 'AG-001', label: 'Alpha Partners Ltd' }]);
    const history = await t.call<Row[]>(S, 'GetStatusHistory', { keyId: row!.key }, admin.as);
    // Newest first: the rename, then the name and status the agent was created with.
    expect(history.d.data!.map((h) => [h.ColumnName, h.Before, h.After, h.ChangedBy])).toEqual([
      ['AgentName40', 'Alpha Partners', 'Alpha Partners Ltd', admin.usrId],
      ['AgentStatus40', null, 'stakeAgent', admin.usrId],
      ['AgentName40', null, 'Alpha Partners', admin.usrId],
    ]);
    const moved = await t.call(
      S,
      'SaveData',
      { mst: { ...renamed.d.data!.mst, AgentId40: 'AG-009' } },
      admin.as,
    );
    expect(moved.d.validationErrors).toEqual([
      { field: 'mst.AgentId40', message: 'The Agent ID of a saved agent cannot change.' },
    ]);
    expect(await offered(carol)).toEqual([{ key: 'AG-001', label: 'Alpha Partners Ltd' }]);
  });
}

function retireAndAccessCases(): void {
  it('an agent a customer chose cannot be deleted but is retired; an unused one is deleted', async () => {
    const profile = await t.call<{ mst: Row }>(
      'StakeUserInfo',
      'SaveData',
      { mst: { StakeInfoId17: '', AgentNumber17: 'AG-001' } },
      carol.as,
    );
    expect(profile.d.status).toBe('success');
    const [row] = (await t.call<{ data: Row[] }>(S, 'GetSearchList', { searchStr: '**AG-001' }, admin.as)).d
      .data!.data;
    const used = (await t.call<Row>(S, 'GetStakeAgent40ById', { keyId: row!.key }, admin.as)).d.data!;
    expect(used.CustomerCnt40).toBe(1);
    const flags = await t.call<Row[]>(S, 'GetAuthRow', { keyId: row!.key }, admin.as);
    expect(flags.d.data![0]).toMatchObject({ AllowUpd: 'Y', AllowDel: 'N' });
    const del = await t.call(S, 'DelMst', { mst: used, options: {} }, admin.as);
    expect(del.status).toBe(403);

    const retired = await t.call<{ mst: Row }>(
      S,
      'SaveData',
      { mst: { ...used, AgentStatus40: 'stakeAgentInactive' } },
      admin.as,
    );
    expect(retired.d.data!.mst).toMatchObject({ AgentStatus40Text: 'Inactive', CustomerCnt40: 1 });
    expect(await offered(carol)).toEqual([]);
    const mine = await t.call<Row>(
      'StakeUserInfo',
      'GetStakeUserInfo17ById',
      { keyId: profile.d.data!.mst.StakeInfoId17 },
      carol.as,
    );
    expect(mine.d.data!.AgentNumber17).toBe('AG-001');
    const inactive = await t.call<{ data: Row[] }>(S, 'GetSearchList', { filterId: '2' }, admin.as);
    expect(inactive.d.data!.data.map((r) => r.detail)).toEqual(['AG-001']);
    // The retired id is still taken.
    expect((await add(admin, 'AG-001', 'Copycat')).status).toBe(400);

    const unused = await add(admin, 'AG-002', 'Beta Brokers');
    expect(await offered(carol)).toEqual([{ key: 'AG-002', label: 'Beta Brokers' }]);
    const gone = await t.call(S, 'DelMst', { mst: unused.d.data!.mst, options: {} }, admin.as);
    expect(gone.d).toMatchObject({ status: 'success', message: 'Deleted' });
    expect(await offered(carol)).toEqual([]);
  });

  it('a KYC reviewer, an operator and a customer can neither read nor edit agents', async () => {
    const agent = (await add(admin, 'AG-003', 'Gamma')).d.data!.mst;
    const before = await t.database.query(`SELECT * FROM ref_codes ORDER BY ref_code_id`);
    for (const who of [reviewer, operator, carol]) {
      for (const [method, body] of [
        ['GetSearchList', {}],
        ['GetStakeAgent40ById', { keyId: agent.AgentKey40 }],
        ['GetAgentStatus40List', {}],
        ['SaveData', { mst: { ...agent, AgentName40: 'Hijacked' } }],
        ['SaveData', { mst: { AgentKey40: '', AgentId40: 'AG-666', AgentName40: 'Mine' } }],
        ['DelMst', { mst: agent }],
      ] as const) {
        const r = await t.call(S, method, body, who.as);
        expect([r.status, r.d.error], `${who.email} ${method}`).toEqual([403, 'access_denied']);
        expect(r.d.data ?? null).toBeNull();
      }
    }
    expect(await t.database.query(`SELECT * FROM ref_codes ORDER BY ref_code_id`)).toEqual(before);
    expect(await offered(carol)).toEqual([{ key: 'AG-003', label: 'Gamma' }]);
  });

  it('two admins saving the same new Agent ID at once: one is saved, the other told it exists', async () => {
    const replies = await Promise.all([add(admin, 'AG-RACE', 'First'), add(admin, 'ag-race', 'Second')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = replies.find((r) => r.status === 400)!;
    expect(refused.d.validationErrors?.[0]?.field).toBe('mst.AgentId40');
    expect(refused.d.validationErrors?.[0]?.message).toMatch(/^Agent ID (AG-RACE|ag-race) exists already\.$/);
    expect(await t.database.query(`SELECT code FROM ref_codes WHERE lower(code) = 'ag-race'`)).toHaveLength(
      1,
    );
  });
}
