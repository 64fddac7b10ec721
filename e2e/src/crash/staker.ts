// The crash test's stakers (crash.ts): a new staker goes through sign-up, a KYC record, the reviewer's
// approval and a registered wallet, then creates validators one a call; every step whose reply arrives
// is an acknowledged write with its check.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { walletRegistrationMessage } from '@payd/schemas';
import { call, must, signIn, signUp } from './client.ts';
import { ack, email, flying, password, scalars, type CrashRun, type Customer, type Row } from './context.ts';

/** Signs a new staker up and saves their KYC record; returns them and their session token. */
async function signUpStaker(run: CrashRun, base: string): Promise<{ c: Customer; token: string }> {
  const c: Customer = { email: email('staker'), password: password(), usrId: 0 };
  c.usrId = await flying(run, () => signUp(base, c.email, c.password));
  ack(run, {
    kind: 'signUp',
    what: `sign-up of staker ${c.email}`,
    check: async (s) => Boolean(await s.token(c.email, c.password)),
  });
  const token = await flying(run, () => signIn(base, c.email, c.password));
  const blank = await flying(run, () => must<Row>(base, 'KycPerson', 'GetNewMst', {}, token));
  const saved = await flying(run, () =>
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
  ack(run, {
    kind: 'kycSave',
    what: `KYC record of staker ${c.email}`,
    check: async (s) => {
      const t = await s.token(c.email, c.password);
      const row = await must<Row>(s.url, 'KycPerson', 'GetKycPerson15ById', { keyId: kycId, options: {} }, t);
      return row.Name15 === 'Crash Staker';
    },
  });
  return { c, token };
}

/** The reviewer approves the staker's KYC record. */
async function approveKyc(run: CrashRun, base: string, c: Customer, kycId: string): Promise<void> {
  const staff = await flying(run, () => signIn(base, run.reviewer.email, run.reviewer.password));
  const record = await flying(run, () =>
    must<Row>(base, 'KycPerson', 'GetKycPerson15ById', { keyId: kycId, options: {} }, staff),
  );
  const approved = await flying(run, () =>
    must<{ mst: Row }>(
      base,
      'KycPerson',
      'SaveData',
      { mst: { ...scalars(record), InternalStatus15: 'AP' }, dtl: [], options: {} },
      staff,
    ),
  );
  if (approved.mst.InternalStatus15 !== 'AP') throw new Error('the approval did not take');
  ack(run, {
    kind: 'kycApproval',
    what: `KYC approval of ${c.email}`,
    check: async (s) => {
      const t = await s.token(run.reviewer.email, run.reviewer.password);
      const row = await must<Row>(s.url, 'KycPerson', 'GetKycPerson15ById', { keyId: kycId, options: {} }, t);
      return row.InternalStatus15 === 'AP';
    },
  });
}

/** Registers a new wallet, signed by its key, as the staker's. */
async function registerWallet(run: CrashRun, base: string, c: Customer, token: string): Promise<void> {
  const wallet = privateKeyToAccount(generatePrivateKey());
  const signedAt = new Date().toISOString();
  const signature = await wallet.signMessage({
    message: walletRegistrationMessage({ address: wallet.address, usrId: c.usrId, signedAt }),
  });
  await flying(run, () =>
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
  ack(run, {
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
}

/** A new staker: sign-up, KYC record, the reviewer's approval, the wallet registered. */
async function newStaker(run: CrashRun, base: string): Promise<Customer> {
  const { c, token } = await signUpStaker(run, base);
  await approveKyc(run, base, c, c.kycId!);
  await registerWallet(run, base, c, token);
  return c;
}

/**
 * One session of the current staker (a new one when there is none): creates validators one a
 * call, `upTo` at most, and moves on to a new staker after four.
 */
export async function stake(run: CrashRun, base: string, upTo: number): Promise<void> {
  run.staker ??= await newStaker(run, base);
  const c = run.staker;
  const token = await flying(run, () => signIn(base, c.email, c.password));
  let mst: Row;
  let have = 0;
  // A wallet record whose reply the last kill cut off may exist: find it by its address.
  if (!c.eth2WalletId) {
    const list = await flying(run, () =>
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
    mst = await flying(run, () =>
      must<Row>(base, 'Eth2Wallet', 'GetEth2Wallet5ById', { keyId: id, options: {} }, token),
    );
    have = (
      await flying(run, () =>
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
      ...scalars(await flying(run, () => must<Row>(base, 'Eth2Wallet', 'GetNewMst', {}, token))),
      NetworkId6: '88',
      Eth1WithdrawalAddr6: c.wallet!.address,
    };
  // A few validators a staker, one a call, then the next staker.
  let created = 0;
  while (!run.stop && have < 4 && created < upTo) {
    const reply = await flying(run, () =>
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
      run.log(`  validator creation refused for ${c.email}: ${reply.message}; next staker`);
      have = 4;
      break;
    }
    mst = reply.data!.mst;
    const walletId = String(mst.Eth2WalletId6);
    c.eth2WalletId = walletId;
    have++;
    created++;
    const count = have;
    ack(run, {
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
  if (have >= 4) run.staker = undefined;
}
