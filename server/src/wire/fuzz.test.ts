// Malformed bodies to every registered method: NUL characters, objects and arrays where strings
// are expected, integers beyond PostgreSQL's integer, deep nesting, wrong top-level types, very
// long strings, money amounts (zero, 1e20, 20 and 40 nines, the numeric(20, 2) limit), and all of
// these inside screen criteria and rows. None may answer a 5xx.
//
// The methods come from the app's route table (every POST under /webservices), so a new method
// is covered without editing this test; the fields to spoil come from each method's body schema
// (registeredMethod) plus the field names clients commonly send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPE_HEADER, type ApiReplyBody } from '@payd/schemas';
import { startTestApp, testDatabaseKinds, type TestApp } from '../testing/testApp.ts';
import { makeUser, type TestUser } from '../testing/testUsers.ts';
import { Role } from '../framework/roles.ts';
import { registeredMethod, type AuthRule } from './method.ts';
import {
  ARRAY_VALUES,
  COMMON_FIELDS,
  DEEP_VALUES,
  fieldPaths,
  HEADER_VALUES,
  LONG_VALUES,
  MONEY_VALUES,
  NUL_VALUES,
  NUMBER_VALUES,
  OBJECT_VALUES,
  sample,
  spoil,
  TOP_LEVEL,
  type Json,
  type Path,
  type Probe,
} from '../testing/malformedBodies.ts';

/** The POST paths of the route table (find-my-way prints a radix tree: rebuild each path). */
export function postPaths(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const text = m[2]!;
    const methods = /^(.*?) \(([A-Z, ]+)\)$/.exec(text);
    const segment = methods ? methods[1]! : text;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + segment;
    stack[depth] = full;
    if (methods?.[2]!.split(', ').includes('POST') && full.startsWith('/webservices/')) out.push(full);
  }
  return out;
}

interface Screen {
  master: string[];
  detail: string[];
  criteria: (string | number)[];
  baseMst: Record<string, Json>;
  baseDtl: Record<string, Json>;
  key?: string;
}

// ---- the run ---------------------------------------------------------------------------

let t: TestApp;
let users: Partial<Record<number, TestUser>>;
let made: number;
const userFor = async (role: number) =>
  (users[role] ??= await makeUser(t, `fuzz-${role}-${made++}@payd.test`, role));

async function send(p: Probe, role: number | null): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const token = role === null ? undefined : (await userFor(role)).token;
    const res = await t.app.inject({
      method: 'POST',
      url: p.path,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(p.header !== undefined ? { [SCOPE_HEADER]: p.header } : {}),
      },
      payload: p.payload,
    });
    // A probe that ended the session (a password change, a log-out): a new user, once.
    if (res.statusCode === 401 && role !== null && attempt === 0) {
      delete users[role];
      continue;
    }
    return res.statusCode;
  }
}

async function call(
  path: string,
  body: Json,
  role: number | null,
): Promise<{ status: number; d: ApiReplyBody }> {
  const token = role === null ? undefined : (await userFor(role)).token;
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, d: (res.json() as { d: ApiReplyBody }).d };
}

/** Roles that call a method: staff for staff methods, customer and staff for the rest. */
function rolesOf(auth: AuthRule | undefined): (number | null)[] {
  if (auth === 'public') return [null];
  if (Array.isArray(auth)) {
    const staff: number[] = [Role.admin, Role.operator, Role.kycReviewer];
    const customers: number[] = [Role.borrower, Role.guarantor, Role.lender];
    return [customers.find((r) => auth.includes(r)), staff.find((r) => auth.includes(r))].filter(
      (r): r is number => r !== undefined,
    );
  }
  return [Role.borrower, Role.admin];
}

/** Columns, criteria and a saved record of a screen service as `role` reaches it. */
async function learnScreen(service: string, role: number): Promise<Screen | null> {
  const base = `/webservices/${service}Ws.asmx/`;
  const cols = await call(`${base}GetAuthCol`, {}, role);
  if (cols.status !== 200) return null;
  const all = cols.d.data as { ColName: string; MasterTable: string; ColKey: string }[];
  const cri = await call(`${base}GetScreenCriteria`, {}, role);
  const newMst = await call(`${base}GetNewMst`, {}, role);
  const newDtl = await call(`${base}GetNewDtl`, {}, role);
  const screen: Screen = {
    master: all.filter((c) => c.MasterTable === 'Y').map((c) => c.ColName),
    detail: all.filter((c) => c.MasterTable === 'N').map((c) => c.ColName),
    criteria: ((cri.d.data ?? []) as { ScreenCriId: number }[]).map((c) => c.ScreenCriId),
    baseMst: (newMst.d.data ?? {}) as Record<string, Json>,
    baseDtl: (newDtl.d.data ?? {}) as Record<string, Json>,
  };
  // A record saved from the new row, its required fields filled from the messages.
  const keyCol = all.find((c) => c.MasterTable === 'Y' && c.ColKey === 'Y')?.ColName;
  const tried: Record<string, number> = {};
  for (let round = 0; round < 8; round++) {
    const r = await call(`${base}SaveData`, { mst: screen.baseMst, dtl: [] }, role);
    if (r.d.status === 'success') {
      if (keyCol) screen.key = String((r.d.data as { mst: Record<string, Json> }).mst[keyCol]);
      break;
    }
    const bad = ((r.d.validationErrors ?? []) as { field: string }[])
      .map((v) => /^mst\.(\w+)$/.exec(v.field)?.[1])
      .filter((n): n is string => Boolean(n));
    if (!bad.length) break;
    for (const col of bad) {
      const i = (tried[col] = (tried[col] ?? -1) + 1);
      const guesses: Json[] = ['Fuzz', 1, '2000-01-01', 'Y', `0x${'1'.repeat(40)}`, '10'];
      if (i === guesses.length) {
        const list = await call(`${base}Get${col}List`, {}, role);
        const first = (list.d?.data as { key: string }[] | undefined)?.[0]?.key;
        screen.baseMst[col] = first ?? null;
      } else screen.baseMst[col] = guesses[i % guesses.length];
    }
  }
  if (screen.key === undefined) delete screen.baseMst[keyCol ?? ''];
  return screen;
}

/** Field names that hold an amount of money or credits (ethAmt, creditAmt, amount, StakeAmt6...). */
const MONEY_FIELD = /amt|amount|credit|price|cents|balance/i;

/** The malformed bodies for one method and caller: each kind of value spoilt into the schema's
 * fields and the common field names, and for a screen every column of its rows and every criterion. */
function bodiesFor(
  base: Record<string, Json>,
  own: Path[],
  screen: Screen | null,
  method: string | undefined,
): Json[] {
  const common = COMMON_FIELDS.map((f) => [f]);
  const bodies: Json[] = [
    ...spoil(base, own, common, NUL_VALUES),
    ...spoil(base, own, common, OBJECT_VALUES),
    ...spoil(base, own, common, ARRAY_VALUES),
    ...spoil(base, own, common, NUMBER_VALUES),
    ...spoil(base, own, common, DEEP_VALUES),
    ...spoil(base, own, common, LONG_VALUES),
    // The money cases (issue 24), each value in each field that holds an amount.
    ...own
      .filter((f) => MONEY_FIELD.test(String(f[f.length - 1])))
      .flatMap((f) => MONEY_VALUES.map((v) => spoil(base, [f], [], [v], 1)[0])),
    // NUL in a key.
    { ...base, 'a\u0000': 1 },
  ];
  if (screen) {
    // Every column of the screen's rows, and every criterion, spoilt in turn.
    const cells = [...NUL_VALUES.slice(0, 3), ...OBJECT_VALUES.slice(0, 3), ...ARRAY_VALUES.slice(1, 4)];
    const cellsN = [
      ...cells,
      ...NUMBER_VALUES.slice(0, 6),
      LONG_VALUES[0],
      DEEP_VALUES[1],
      '0000-01-01',
      '+275760-09-13',
    ];
    if (method === 'SaveData' || method === 'DelMst') {
      for (const col of screen.master)
        for (const v of cellsN) bodies.push({ mst: { ...screen.baseMst, [col]: v }, dtl: [] });
      if (method === 'SaveData')
        for (const col of screen.detail)
          for (const v of cells)
            bodies.push({
              mst: screen.baseMst,
              dtl: [{ ...screen.baseDtl, [col]: v, _mode: 'new' }],
            });
    }
    const criteriaField = ['criteriaValues', 'desiredScreenCriteria'].find((f) =>
      own.some((p) => p.length === 1 && p[0] === f),
    );
    if (criteriaField) {
      const ids = [...screen.criteria, { toString: null }, [], '1\u0000', 2 ** 31, 1e308];
      for (const id of ids)
        for (const v of id === ids[0] ? cellsN : cells) {
          bodies.push({ ...base, [criteriaField]: [{ ScreenCriId: id, LastCriteria: v }] });
          if (typeof id !== 'object') bodies.push({ ...base, [criteriaField]: { [String(id)]: v } });
        }
    }
  }
  return bodies;
}

for (const kind of testDatabaseKinds) {
  describe(`malformed bodies to every method (${kind})`, () => {
    beforeAll(async () => {
      users = {};
      made = 0;
      t = await startTestApp(kind, { RATE_LIMIT_FACTOR: '1000000' });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
    });

    it('answers no 5xx', async () => {
      const paths = postPaths(t.app.printRoutes({ commonPrefix: false }));
      expect(paths.length).toBeGreaterThan(300);
      const screens = new Map<string, Screen | null>();
      const screenOf = async (service: string, role: number | null) => {
        if (role === null) return null;
        const k = `${service}:${role}`;
        if (!screens.has(k)) screens.set(k, await learnScreen(service, role));
        return screens.get(k)!;
      };
      const isScreen = (service: string) => paths.includes(`/webservices/${service}Ws.asmx/GetAuthCol`);

      const failures: string[] = [];
      let sent = 0;
      // Parallel batches: the app answers them as it would concurrent clients.
      const BATCH = 16;
      const run = async (queue: { p: Probe; role: number | null }[]) => {
        for (let i = 0; i < queue.length; i += BATCH) {
          await Promise.all(
            queue.slice(i, i + BATCH).map(async ({ p, role }) => {
              const status = await send(p, role);
              sent++;
              if (status >= 500)
                failures.push(
                  `${status} ${p.path} as role ${role ?? 'none'}${p.header ? ` scope ${p.header}` : ''}: ${only ? p.payload : p.payload.slice(0, 300)}`,
                );
            }),
          );
        }
      };
      // FUZZ_ONLY=<part of a path> probes only matching methods, and prints whole bodies (debugging).
      const only = process.env.FUZZ_ONLY;
      for (const path of paths) {
        if (only && !path.includes(only)) continue;
        const [, service, method] = /^\/webservices\/(\w+)Ws\.asmx\/(\w+)$/.exec(path)!;
        const def = registeredMethod(path);
        const schema = def?.body;
        const callers: { role: number | null; screen: Screen | null }[] = [];
        for (const role of rolesOf(def?.auth)) {
          const screen = isScreen(service!) ? await screenOf(service!, role) : null;
          if (isScreen(service!) && !screen) continue; // the role has no access to this screen
          callers.push({ role, screen });
        }
        // Each body goes once, the callers taking turns.
        const started = Date.now();
        let count = 0;
        for (const [turn, { role, screen }] of callers.entries()) {
          const base = (schema ? sample(schema) : {}) as Record<string, Json>;
          if (base && typeof base === 'object' && screen?.key !== undefined)
            for (const k of ['keyId', 'mstId'] as const) if (k in base) base[k] = screen.key;
          const own = schema ? fieldPaths(schema) : [];
          const bodies = bodiesFor(base, own, screen, method);
          const queue: { p: Probe; role: number | null }[] = [];
          const mine = (_: unknown, i: number) => i % callers.length === turn;
          for (const b of bodies.filter(mine)) queue.push({ p: { path, payload: JSON.stringify(b) }, role });
          for (const raw of TOP_LEVEL.filter(mine)) queue.push({ p: { path, payload: raw }, role });
          for (const h of HEADER_VALUES.filter(mine))
            queue.push({ p: { path, payload: JSON.stringify(base), header: h }, role });
          count += queue.length;
          await run(queue);
        }
        if (process.env.FUZZ_TRACE)
          console.log(
            `${Date.now() - started} ms ${count} ${path} ${process.memoryUsage().heapUsed >> 20} MB`,
          );
      }
      const methods = new Set(failures.map((f) => f.split(' ')[1]));
      if (failures.length)
        console.log(
          `${failures.length} 5xx of ${sent} bodies in ${methods.size} methods (${kind}):\n${failures.join('\n')}`,
        );
      else console.log(`${sent} malformed bodies to ${paths.length} methods, no 5xx (${kind})`);
      expect(failures).toEqual([]);
    }, 900_000);
  });
}
