// The crash test's writers (crash.ts): four loops that write until the kill, each acknowledged write
// recorded with the check that finds it again after the restart.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { faucet, must, rpc, signIn, signUp } from './client.ts';
import { ack, email, flying, password, scalars, sleep, type CrashRun, type Row } from './context.ts';
import { stake } from './staker.ts';

const ETH = 10n ** 18n;

/** New customers signing up, one after the other. */
async function signUps(run: CrashRun, base: string): Promise<void> {
  while (!run.stop) {
    const who = { email: email('signup'), password: password() };
    await flying(run, () => signUp(base, who.email, who.password));
    ack(run, {
      kind: 'signUp',
      what: `sign-up of ${who.email}`,
      check: async (s) => Boolean(await s.token(who.email, who.password)),
    });
  }
}

/** The KYC customer's record saved over and over, with a new name each time. */
async function kycSavesLoop(run: CrashRun, base: string): Promise<void> {
  const token = await flying(run, () => signIn(base, run.kycCustomer.email, run.kycCustomer.password));
  const kycId = run.kycCustomer.kycId!;
  let mst = await flying(run, () =>
    must<Row>(base, 'KycPerson', 'GetKycPerson15ById', { keyId: kycId, options: {} }, token),
  );
  while (!run.stop) {
    const n = ++run.kycSaves;
    const saved = await flying(run, () =>
      must<{ mst: Row }>(
        base,
        'KycPerson',
        'SaveData',
        { mst: { ...scalars(mst), Name15: `Crash ${n}` }, dtl: [], options: {} },
        token,
      ),
    );
    mst = saved.mst;
    ack(run, {
      kind: 'kycSave',
      what: `KYC save "Crash ${n}" of ${run.kycCustomer.email}`,
      check: async (s) => {
        // The last acknowledged save, or a later one whose reply the kill cut off.
        const token2 = await s.token(run.kycCustomer.email, run.kycCustomer.password);
        const row = await must<Row>(
          s.url,
          'KycPerson',
          'GetKycPerson15ById',
          { keyId: kycId, options: {} },
          token2,
        );
        const now = Number(/^Crash (\d+)$/.exec(String(row.Name15))?.[1] ?? -1);
        return now >= n && now <= run.kycSaves;
      },
    });
    await sleep(50 + run.rand() * 200);
  }
}

/** Stake sessions, one staker after the other (stake() signs a new one up when there is none). */
async function validators(run: CrashRun, base: string): Promise<void> {
  while (!run.stop) await stake(run, base, Infinity);
}

/** Faucet payments and plain transactions from `sender`, at random, to new addresses. */
async function chainWrites(run: CrashRun, chainUrl: string, sender: string): Promise<void> {
  while (!run.stop) {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    if (run.rand() < 0.5) {
      await flying(run, () => faucet(chainUrl, to));
      ack(run, {
        kind: 'faucet',
        what: `faucet 100 ETH to ${to}`,
        check: async (s) =>
          BigInt(await rpc<string>(s.chainUrl, 'eth_getBalance', [to, 'latest'])) === 100n * ETH,
      });
    } else {
      const value = BigInt(1 + Math.floor(run.rand() * 1_000_000)) * 10n ** 9n;
      const hash = await flying(run, () =>
        rpc<string>(chainUrl, 'eth_sendTransaction', [
          { from: sender, to, value: `0x${value.toString(16)}` },
        ]),
      );
      ack(run, {
        kind: 'transaction',
        what: `transaction ${hash} (${value} wei to ${to})`,
        check: async (s) => {
          const receipt = await rpc<{ status: string } | null>(s.chainUrl, 'eth_getTransactionReceipt', [
            hash,
          ]);
          const balance = BigInt(await rpc<string>(s.chainUrl, 'eth_getBalance', [to, 'latest']));
          return receipt?.status === '0x1' && balance === value;
        },
      });
    }
    await sleep(run.rand() * 150);
  }
}

/**
 * Starts the four writers of one cycle on the stack at `base` and `chainUrl`, in this order (each one
 * draws from the seeded generator before its first await); the promises settle once the kill stopped
 * them. A failure before the kill is logged.
 */
export function startWriters(run: CrashRun, base: string, chainUrl: string, sender: string): Promise<void>[] {
  return [
    signUps(run, base),
    kycSavesLoop(run, base),
    validators(run, base),
    chainWrites(run, chainUrl, sender),
  ].map((w) =>
    w.catch((error: unknown) => {
      // After the kill every call fails; before it, a failure is a finding of its own.
      if (!run.stop)
        run.log(`  writer failed before the kill: ${error instanceof Error ? error.message : String(error)}`);
    }),
  );
}
