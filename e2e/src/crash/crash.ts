// Crash safety of the embedded default, as a test: the whole stack (`npm start`) is killed with
// SIGKILL at a random moment while sign-ups, KYC saves, approvals, wallet registrations, validator
// creation and chain writes (faucet, transactions) are in flight, started again on the same data
// directory, and every write whose reply arrived before the kill is checked to be there.
// `npm run crash -w e2e` runs it (20 cycles); crash.e2e.ts runs a short version in `npm test`.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { walletRegistrationMessage } from '@payd/schemas';
import { startStack, type Stack, type StaffUser } from '../harness/stack.ts';
import { call, faucet, must, rpc, signIn, signUp } from './client.ts';

type Row = Record<string, unknown>;

/** Options of `runCrashTest`. */
export interface CrashOptions {
  /** Kill-and-restart cycles. */
  cycles: number;
  /** Seed of the random kill moments and choices (the same seed kills at the same moments). */
  seed: number;
  /** The kill comes this long after the writers start: uniformly between the two (ms). */
  killWindowMs?: [number, number];
  /** Progress lines. */
  log?: (line: string) => void;
  /** Keep the data directory afterwards (for a post-mortem). */
  keepData?: boolean;
}

/** What one kind of write did: replies received before a kill, and found again after it. */
export interface WriteCount {
  acknowledged: number;
  verified: number;
}

/** What the crash test found. */
export interface CrashReport {
  cycles: number;
  /** Starts of the stack that came up (the first one and every restart). */
  starts: number;
  /** Seconds each restart took. */
  restartSeconds: number[];
  /** Calls that were under way when the stack was killed (their replies never came). */
  inFlightAtKill: number;
  writes: Record<WriteKind, WriteCount>;
  /** Blocks the chain replayed differently from the journal, over all restarts. */
  mismatchedBlocks: number;
  /** Every acknowledged write that was not there after a restart. */
  lost: string[];
  dataDir: string;
}

export type WriteKind =
  'signUp' | 'kycSave' | 'kycApproval' | 'walletRegistration' | 'validator' | 'faucet' | 'transaction';

const ETH = 10n ** 18n;

/** mulberry32: a small seeded generator, so that a run can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A row as read, reduced to the scalar cells a save sends back (lists and pictures stay out). */
function scalars(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
}

/** A customer the writers use: e-mail, password and, once they have them, KYC record and wallet. */
interface Customer {
  email: string;
  password: string;
  usrId: number;
  kycId?: string;
  wallet?: PrivateKeyAccount;
  eth2WalletId?: string;
}

/** An acknowledged write and how to find it again. */
interface Ack {
  kind: WriteKind;
  what: string;
  check: (c: CheckContext) => Promise<boolean>;
}

/** What a check gets: the restarted stack, and sign-in with a token cache for this check round. */
interface CheckContext {
  url: string;
  chainUrl: string;
  /** Signs the user in (once a round): the sign-in itself proves the account is there. */
  token(email: string, password: string): Promise<string>;
}

const password = () => `Crash-${randomBytes(6).toString('base64url')}-7q!`;
const email = (label: string) => `crash-${label}-${randomBytes(5).toString('hex')}@payd.test`;

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rand = random(options.seed);
  const [killMin, killMax] = options.killWindowMs ?? [500, 6000];
  const reviewer: StaffUser = { email: email('reviewer'), role: 'kyc-reviewer', password: password() };
  const report: CrashReport = {
    cycles: 0,
    starts: 0,
    restartSeconds: [],
    inFlightAtKill: 0,
    writes: {
      signUp: { acknowledged: 0, verified: 0 },
      kycSave: { acknowledged: 0, verified: 0 },
      kycApproval: { acknowledged: 0, verified: 0 },
      walletRegistration: { acknowledged: 0, verified: 0 },
      validator: { acknowledged: 0, verified: 0 },
      faucet: { acknowledged: 0, verified: 0 },
      transaction: { acknowledged: 0, verified: 0 },
    },
    mismatchedBlocks: 0,
    lost: [],
    dataDir: '',
  };

  // The stack as `npm start` runs it, with a reviewer made by the admin command before it starts.
  // Everyone here signs up from 127.0.0.1: the per-IP limits are for one person, not for this.
  const env = { RATE_LIMIT_FACTOR: '100' };
  let stack = await startStack({ timeoutMs: 900_000, staff: [reviewer], env });
  report.starts++;
  report.dataDir = stack.dataDir;
  const { dataDir, port, chainPort } = stack;
  const allAcks: Ack[] = [];
  try {
    const accounts = await rpc<string[]>(stack.chainUrl, 'eth_accounts');
    // Hardhat's accounts 10..19: the deployer (0) and the server's admin key (1) are not touched.
    const senders = accounts.slice(10);

    const countReplay = (s: Stack) => {
      const m = /WARNING: (\d+) blocks replayed differently/.exec(s.output());
      report.mismatchedBlocks += m ? Number(m[1]) : 0;
    };

    /** Checks `acks` on the running stack; returns how many were lost (and records them). */
    const verify = async (acks: Ack[], count: boolean): Promise<number> => {
      const tokens = new Map<string, Promise<string>>();
      const context: CheckContext = {
        url: stack.url,
        chainUrl: stack.chainUrl,
        token: (who, pass) => {
          let token = tokens.get(who);
          if (!token) tokens.set(who, (token = signIn(stack.url, who, pass)));
          return token;
        },
      };
      let lost = 0;
      for (const ack of acks) {
        const there = await ack.check(context).catch((error: unknown) => {
          log(`  check of ${ack.what} failed: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        });
        if (there) {
          if (count) report.writes[ack.kind].verified++;
        } else {
          lost++;
          if (!report.lost.includes(ack.what)) report.lost.push(ack.what);
          log(`  LOST: ${ack.what}`);
        }
      }
      return lost;
    };

    // Long-lived customers: one whose KYC record is saved over and over, and the current staker.
    const kycCustomer: Customer = { email: email('kyc'), password: password(), usrId: 0 };
    kycCustomer.usrId = await signUp(stack.url, kycCustomer.email, kycCustomer.password);
    {
      const token = await signIn(stack.url, kycCustomer.email, kycCustomer.password);
      const blank = await must<Row>(stack.url, 'KycPerson', 'GetNewMst', {}, token);
      const saved = await must<{ mst: Row }>(
        stack.url,
        'KycPerson',
        'SaveData',
        {
          mst: {
            ...scalars(blank),
            Name15: 'Crash 0',
            GenderCd15: 'F',
            DateOfBirth15: '1990-05-04',
            DisclosuresChked15: 'Y',
          },
          dtl: [],
          options: {},
        },
        token,
      );
      kycCustomer.kycId = String(saved.mst.KycPersonId15);
    }
    let staker: Customer | undefined;
    let kycSaves = 0;

    // What the writers share: the acknowledged writes of this cycle, calls in flight, the kill flag.
    let acks: Ack[] = [];
    let stop = false;
    let inFlight = 0;
    const ack = (a: Ack) => {
      acks.push(a);
      report.writes[a.kind].acknowledged++;
    };
    /** Runs one call, counting it as in flight until its reply (or failure) arrives. */
    const flying = async <T>(fn: () => Promise<T>): Promise<T> => {
      inFlight++;
      try {
        return await fn();
      } finally {
        inFlight--;
      }
    };

    const newStaker = async (base: string): Promise<Customer> => {
      const c: Customer = { email: email('staker'), password: password(), usrId: 0 };
      c.usrId = await flying(() => signUp(base, c.email, c.password));
      ack({
        kind: 'signUp',
        what: `sign-up of staker ${c.email}`,
        check: async (s) => Boolean(await s.token(c.email, c.password)),
      });
      const token = await flying(() => signIn(base, c.email, c.password));
      const blank = await flying(() => must<Row>(base, 'KycPerson', 'GetNewMst', {}, token));
      const saved = await flying(() =>
        must<{ mst: Row }>(
          base,
          'KycPerson',
          'SaveData',
          {
            mst: {
              ...scalars(blank),
              Name15: 'Crash Staker',
              GenderCd15: 'M',
              DateOfBirth15: '1985-01-02',
              DisclosuresChked15: 'Y',
            },
            dtl: [],
            options: {},
          },
          token,
        ),
      );
      c.kycId = String(saved.mst.KycPersonId15);
      const kycId = c.kycId;
      ack({
        kind: 'kycSave',
        what: `KYC record of staker ${c.email}`,
        check: async (s) => {
          const t = await s.token(c.email, c.password);
          const row = await must<Row>(
            s.url,
            'KycPerson',
            'GetKycPerson15ById',
            { keyId: kycId, options: {} },
            t,
          );
          return row.Name15 === 'Crash Staker';
        },
      });
      const staff = await flying(() => signIn(base, reviewer.email, reviewer.password));
      const record = await flying(() =>
        must<Row>(base, 'KycPerson', 'GetKycPerson15ById', { keyId: kycId, options: {} }, staff),
      );
      const approved = await flying(() =>
        must<{ mst: Row }>(
          base,
          'KycPerson',
          'SaveData',
          { mst: { ...scalars(record), InternalStatus15: 'AP' }, dtl: [], options: {} },
          staff,
        ),
      );
      if (approved.mst.InternalStatus15 !== 'AP') throw new Error('the approval did not take');
      ack({
        kind: 'kycApproval',
        what: `KYC approval of ${c.email}`,
        check: async (s) => {
          const t = await s.token(reviewer.email, reviewer.password);
          const row = await must<Row>(
            s.url,
            'KycPerson',
            'GetKycPerson15ById',
            { keyId: kycId, options: {} },
            t,
          );
          return row.InternalStatus15 === 'AP';
        },
      });
      const wallet = privateKeyToAccount(generatePrivateKey());
      const signedAt = new Date().toISOString();
      const signature = await wallet.signMessage({
        message: walletRegistrationMessage({ address: wallet.address, usrId: c.usrId, signedAt }),
      });
      await flying(() =>
        must(
          base,
          'StakeWalletAddress',
          'SaveData',
          {
            mst: { StakeWalletAddr2: wallet.address },
            dtl: null,
            options: { WalletSignedAt: signedAt, WalletSignature: signature },
          },
          token,
        ),
      );
      c.wallet = wallet;
      ack({
        kind: 'walletRegistration',
        what: `wallet ${wallet.address} of ${c.email}`,
        check: async (s) => {
          const t = await s.token(c.email, c.password);
          const status = await must<{ RegisteredWalletAddr: string | null }>(
            s.url,
            'StakeWalletAddress',
            'GetWalletStatus',
            { walletAddress: wallet.address },
            t,
          );
          return status.RegisteredWalletAddr?.toLowerCase() === wallet.address.toLowerCase();
        },
      });
      return c;
    };

    /**
     * One session of the current staker (a new one when there is none): creates validators one a
     * call, `upTo` at most, and moves on to a new staker after four.
     */
    const stake = async (base: string, upTo: number) => {
      staker ??= await newStaker(base);
      const c = staker;
      const token = await flying(() => signIn(base, c.email, c.password));
      let mst: Row;
      let have = 0;
      // A wallet record whose reply the last kill cut off may exist: find it by its address.
      if (!c.eth2WalletId) {
        const list = await flying(() =>
          must<{ key: string; label: string }[]>(
            base,
            'Eth2Wallet',
            'GetEth2Wallet5List',
            { searchStr: '', topN: 100, filterId: '0' },
            token,
          ),
        );
        c.eth2WalletId = list.find((w) => w.label.toLowerCase() === c.wallet!.address.toLowerCase())?.key;
      }
      if (c.eth2WalletId) {
        const id = c.eth2WalletId;
        mst = await flying(() =>
          must<Row>(base, 'Eth2Wallet', 'GetEth2Wallet5ById', { keyId: id, options: {} }, token),
        );
        have = (
          await flying(() =>
            must<Row[]>(
              base,
              'Eth2Wallet',
              'GetEth2Wallet5DtlById',
              { keyId: id, options: {}, filterId: '0' },
              token,
            ),
          )
        ).length;
      } else
        mst = {
          ...scalars(await flying(() => must<Row>(base, 'Eth2Wallet', 'GetNewMst', {}, token))),
          NetworkId6: '88',
          Eth1WithdrawalAddr6: c.wallet!.address,
        };
      // A few validators a staker, one a call, then the next staker.
      let created = 0;
      while (!stop && have < 4 && created < upTo) {
        const reply = await flying(() =>
          call<{ mst: Row }>(
            base,
            'Eth2Wallet',
            'SaveData',
            {
              mst: { ...scalars(mst), StartIdx6: have, ValidatorCnt6: 1 },
              dtl: null,
              options: { CreateValidator: 'Y' },
            },
            token,
          ),
        );
        if (reply.status !== 'success') {
          log(`  validator creation refused for ${c.email}: ${reply.message}; next staker`);
          have = 4;
          break;
        }
        mst = reply.data!.mst;
        const walletId = String(mst.Eth2WalletId6);
        c.eth2WalletId = walletId;
        have++;
        created++;
        const count = have;
        ack({
          kind: 'validator',
          what: `validator ${count - 1} of ${c.email}'s wallet ${walletId}`,
          check: async (s) => {
            const t = await s.token(c.email, c.password);
            const rows = await must<Row[]>(
              s.url,
              'Eth2Wallet',
              'GetEth2Wallet5DtlById',
              { keyId: walletId, options: {}, filterId: '0' },
              t,
            );
            return rows.length >= count;
          },
        });
      }
      if (have >= 4) staker = undefined;
    };

    // A staker with a first validator before the first kill (later ones are made in flight).
    await stake(stack.url, 1);
    allAcks.push(...acks);

    for (let cycle = 1; cycle <= options.cycles; cycle++) {
      acks = [];
      stop = false;
      inFlight = 0;
      const base = stack.url;
      const chainUrl = stack.chainUrl;
      const signUps = async () => {
        while (!stop) {
          const who = { email: email('signup'), password: password() };
          await flying(() => signUp(base, who.email, who.password));
          ack({
            kind: 'signUp',
            what: `sign-up of ${who.email}`,
            check: async (s) => Boolean(await s.token(who.email, who.password)),
          });
        }
      };

      const kycSavesLoop = async () => {
        const token = await flying(() => signIn(base, kycCustomer.email, kycCustomer.password));
        const kycId = kycCustomer.kycId!;
        let mst = await flying(() =>
          must<Row>(base, 'KycPerson', 'GetKycPerson15ById', { keyId: kycId, options: {} }, token),
        );
        while (!stop) {
          const n = ++kycSaves;
          const saved = await flying(() =>
            must<{ mst: Row }>(
              base,
              'KycPerson',
              'SaveData',
              { mst: { ...scalars(mst), Name15: `Crash ${n}` }, dtl: [], options: {} },
              token,
            ),
          );
          mst = saved.mst;
          ack({
            kind: 'kycSave',
            what: `KYC save "Crash ${n}" of ${kycCustomer.email}`,
            check: async (s) => {
              // The last acknowledged save, or a later one whose reply the kill cut off.
              const token2 = await s.token(kycCustomer.email, kycCustomer.password);
              const row = await must<Row>(
                s.url,
                'KycPerson',
                'GetKycPerson15ById',
                { keyId: kycId, options: {} },
                token2,
              );
              const now = Number(/^Crash (\d+)$/.exec(String(row.Name15))?.[1] ?? -1);
              return now >= n && now <= kycSaves;
            },
          });
          await sleep(50 + rand() * 200);
        }
      };

      /** A new staker: sign-up, KYC record, the reviewer's approval, the wallet registered. */
      const validators = async () => {
        while (!stop) await stake(base, Infinity);
      };

      const chainWrites = async () => {
        const sender = senders[(cycle - 1) % senders.length]!;
        while (!stop) {
          const to = privateKeyToAccount(generatePrivateKey()).address;
          if (rand() < 0.5) {
            await flying(() => faucet(chainUrl, to));
            ack({
              kind: 'faucet',
              what: `faucet 100 ETH to ${to}`,
              check: async (s) =>
                BigInt(await rpc<string>(s.chainUrl, 'eth_getBalance', [to, 'latest'])) === 100n * ETH,
            });
          } else {
            const value = BigInt(1 + Math.floor(rand() * 1_000_000)) * 10n ** 9n;
            const hash = await flying(() =>
              rpc<string>(chainUrl, 'eth_sendTransaction', [
                { from: sender, to, value: `0x${value.toString(16)}` },
              ]),
            );
            ack({
              kind: 'transaction',
              what: `transaction ${hash} (${value} wei to ${to})`,
              check: async (s) => {
                const receipt = await rpc<{ status: string } | null>(
                  s.chainUrl,
                  'eth_getTransactionReceipt',
                  [hash],
                );
                const balance = BigInt(await rpc<string>(s.chainUrl, 'eth_getBalance', [to, 'latest']));
                return receipt?.status === '0x1' && balance === value;
              },
            });
          }
          await sleep(rand() * 150);
        }
      };

      const writers = [signUps(), kycSavesLoop(), validators(), chainWrites()].map((w) =>
        w.catch((error: unknown) => {
          // After the kill every call fails; before it, a failure is a finding of its own.
          if (!stop)
            log(`  writer failed before the kill: ${error instanceof Error ? error.message : String(error)}`);
        }),
      );
      const killAfter = Math.round(killMin + rand() * (killMax - killMin));
      await sleep(killAfter);
      stop = true;
      const flyingAtKill = inFlight;
      await stack.kill();
      report.inFlightAtKill += flyingAtKill;
      await Promise.all(writers);

      const started = Date.now();
      stack = await startStack({ dataDir, port, chainPort, timeoutMs: 900_000, env });
      report.starts++;
      report.restartSeconds.push((Date.now() - started) / 1000);
      countReplay(stack);
      const lost = await verify(acks, false);
      allAcks.push(...acks);
      report.cycles++;
      log(
        `cycle ${cycle}/${options.cycles}: killed after ${killAfter} ms with ${flyingAtKill} calls in flight, ` +
          `${acks.length} writes acknowledged, ${acks.length - lost} found after the restart ` +
          `(restart ${report.restartSeconds.at(-1)!.toFixed(1)} s)`,
      );
    }
    // And at the end, everything acknowledged in every cycle is still there.
    const lost = await verify(allAcks, true);
    log(`final check: ${allAcks.length - lost} of ${allAcks.length} acknowledged writes there`);
  } finally {
    await stack.stop({ keepData: true });
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

/** The report as the lines `npm run crash` prints. */
export function formatReport(r: CrashReport): string {
  const lines = [
    `crash test: ${r.cycles} kill -9 cycles, the stack started ${r.starts} of ${r.cycles + 1} times`,
    `restart time: ${Math.min(...r.restartSeconds).toFixed(1)}-${Math.max(...r.restartSeconds).toFixed(1)} s`,
    `calls in flight at the kills: ${r.inFlightAtKill}`,
    'acknowledged writes found after the last restart:',
  ];
  for (const [kind, c] of Object.entries(r.writes))
    lines.push(
      `  ${kind.padEnd(20)} ${String(c.verified).padStart(5)} of ${String(c.acknowledged).padEnd(5)}`,
    );
  lines.push(`chain blocks replayed differently: ${r.mismatchedBlocks}`);
  lines.push(r.lost.length ? `LOST ${r.lost.length}:\n  ${r.lost.join('\n  ')}` : 'lost: none');
  return lines.join('\n');
}
