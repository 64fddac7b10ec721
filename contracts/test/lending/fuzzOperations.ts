// The lending fuzzer's valid operations (fuzz.ts): each intent made concrete against the current state so
// that it is valid by construction and must succeed. A handler returns false when its intent does not
// apply to the state (skipped).
import { parseEther } from 'viem';
import { CCR, DEC, GAS_COMP, MAX_FEE, MCR, MIN_NET_DEBT, ZERO } from './fixture';
import { MIN_DEBT, PCT, ceilDiv, f, type ValidIntent } from './fuzzIntents';
import type { FuzzChain, Market } from './fuzzModel';

type Op<K extends ValidIntent['kind']> = Extract<ValidIntent, { kind: K }>;
type Handler<K extends ValidIntent['kind']> = (c: FuzzChain, op: Op<K>, m: Market) => Promise<boolean>;

const whaleOf = (c: FuzzChain) => c.sys.wallets[9].account!;

const open: Handler<'open'> = async (c, op, m) => {
  const account = c.wallet(op.actor).account!;
  if ((await c.cacheOf(account.address)).active) return false;
  const amount = MIN_NET_DEBT + f(op.size, 25_000n * DEC);
  const fee = m.recovery ? 0n : await c.sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
  const debt = amount + fee + GAS_COMP;
  // 120%..400% in normal mode, at least 160% in recovery mode or when a lower one would start it
  let icr = 120n * PCT + f(op.ratio, 280n * PCT);
  const tcrAfter = (icr2: bigint) => ((m.coll + (debt * icr2) / m.price) * m.price) / (m.debt + debt);
  if (m.recovery || tcrAfter(icr) < CCR + PCT) icr = icr > 160n * PCT ? icr : 160n * PCT;
  const coll = ceilDiv(debt * icr, m.price);
  const [upper, lower] = await c.hints(coll, debt);
  await c.send(
    c.sys.borrowerOperations.write.openCache([MAX_FEE, amount, upper, lower], { account, value: coll }),
  );
  return true;
};

const addColl: Handler<'addColl'> = async (c, op, m) => {
  const account = c.wallet(op.actor).account!;
  const cache = await c.cacheOf(account.address);
  if (!cache.active) return false;
  let add = parseEther('0.001') + f(op.size, parseEther('5'));
  // in normal mode every adjustment must leave the cache at >= 115%
  const toMcr = ceilDiv(cache.debt * (MCR + PCT), m.price) - cache.coll;
  if (!m.recovery && add < toMcr) add = toMcr;
  const [upper, lower] = await c.hints(cache.coll + add, cache.debt);
  await c.send(c.sys.borrowerOperations.write.addColl([upper, lower], { account, value: add }));
  return true;
};

const withdrawColl: Handler<'withdrawColl'> = async (c, op, m) => {
  const account = c.wallet(op.actor).account!;
  const cache = await c.cacheOf(account.address);
  if (!cache.active || m.recovery) return false;
  // keep the cache at >= 116% and the system at >= 156%
  const byCache = cache.coll - ceilDiv(cache.debt * (MCR + PCT), m.price);
  const bySystem = m.coll - ceilDiv(m.debt * (CCR + PCT), m.price);
  const most = byCache < bySystem ? byCache : bySystem;
  const amount = f(op.frac, most);
  if (amount <= 0n) return false;
  const [upper, lower] = await c.hints(cache.coll - amount, cache.debt);
  await c.send(c.sys.borrowerOperations.write.withdrawColl([amount, upper, lower], { account }));
  return true;
};

const borrow: Handler<'borrow'> = async (c, op, m) => {
  const account = c.wallet(op.actor).account!;
  const cache = await c.cacheOf(account.address);
  if (!cache.active || m.recovery) return false;
  // with a fee of at most 5%: the cache stays >= 116%, the system >= 156%
  const byCache = (cache.coll * m.price) / (MCR + PCT) - cache.debt;
  const bySystem = (m.coll * m.price) / (CCR + PCT) - m.debt;
  const most = ((byCache < bySystem ? byCache : bySystem) * 100n) / 105n;
  const amount = f(op.frac, most);
  if (amount < DEC) return false;
  const fee = await c.sys.cacheManager.read.getBorrowingFeeWithDecay([amount]);
  const [upper, lower] = await c.hints(cache.coll, cache.debt + amount + fee);
  await c.send(c.sys.borrowerOperations.write.withdrawPAYD([MAX_FEE, amount, upper, lower], { account }));
  return true;
};

const repay: Handler<'repay'> = async (c, op, m) => {
  const account = c.wallet(op.actor).account!;
  const cache = await c.cacheOf(account.address);
  if (!cache.active) return false;
  const balance = await c.sys.payd.read.balanceOf([account.address]);
  const room = cache.debt - MIN_DEBT;
  const amount = f(op.frac, balance < room ? balance : room);
  if (amount === 0n) return false;
  // in normal mode every adjustment must leave the cache at >= 115%
  if (!m.recovery && (cache.coll * m.price) / (cache.debt - amount) < MCR) return false;
  const [upper, lower] = await c.hints(cache.coll, cache.debt - amount);
  await c.send(c.sys.borrowerOperations.write.repayPAYD([amount, upper, lower], { account }));
  return true;
};

const close: Handler<'close'> = async (c, op, m) => {
  const sys = c.sys;
  const whale = whaleOf(c);
  const account = c.wallet(op.actor).account!;
  const cache = await c.cacheOf(account.address);
  if (!cache.active || m.recovery || m.count <= 1n) return false;
  if (((m.coll - cache.coll) * m.price) / (m.debt - cache.debt) < CCR) return false;
  const balance = await sys.payd.read.balanceOf([account.address]);
  const need = cache.debt - GAS_COMP;
  if (balance < need) {
    const whaleBalance = await sys.payd.read.balanceOf([whale.address]);
    if (whaleBalance < need - balance) return false;
    await c.send(sys.payd.write.transfer([account.address, need - balance], { account: whale }));
  }
  await c.send(sys.borrowerOperations.write.closeCache({ account }));
  return true;
};

const provide: Handler<'provide'> = async (c, op) => {
  const account = c.wallet(op.actor).account!;
  const amount = f(op.frac, await c.sys.payd.read.balanceOf([account.address]));
  if (amount === 0n) return false;
  await c.send(c.sys.rewardsPool.write.provideToSP([amount, ZERO], { account }));
  return true;
};

const withdrawSP: Handler<'withdrawSP'> = async (c, op, m) => {
  const sys = c.sys;
  const account = c.wallet(op.actor).account!;
  const deposit = await sys.rewardsPool.read.getCompoundedPAYDDeposit([account.address]);
  if (deposit === 0n) return false;
  const last = await sys.sortedCaches.read.getLast();
  if (last !== ZERO && (await sys.cacheManager.read.getCurrentICR([last, m.price])) < MCR) return false;
  const amount = f(op.frac, deposit);
  if (amount === 0n) return false;
  await c.send(sys.rewardsPool.write.withdrawFromSP([amount], { account }));
  return true;
};

const price: Handler<'price'> = async (c, op, m) => {
  let next = (m.price * BigInt(100 + op.move)) / 100n;
  if (next < 300n * DEC) next = 300n * DEC;
  if (next > 6000n * DEC) next = 6000n * DEC;
  await c.send(c.sys.priceFeed.write.setPrice([next]));
  return true;
};

const liquidate: Handler<'liquidate'> = async (c, op, m) => {
  const eligible = await c.liquidatable(m);
  if (eligible.length === 0) return false;
  const target = eligible[Math.floor(((op.pick - 1) * eligible.length) / 1000)];
  await c.send(c.sys.cacheManager.write.liquidate([target], { account: whaleOf(c) }));
  return true;
};

const liquidateCaches: Handler<'liquidateCaches'> = async (c, op, m) => {
  const eligible = await c.liquidatable(m);
  const last = await c.sys.sortedCaches.read.getLast();
  if (!eligible.includes(last)) return false;
  await c.send(c.sys.cacheManager.write.liquidateCaches([BigInt(op.n)], { account: whaleOf(c) }));
  return true;
};

const redeem: Handler<'redeem'> = async (c, op, m) => {
  const sys = c.sys;
  const account = op.actor === 0 ? whaleOf(c) : c.wallet(op.actor).account!;
  if (m.tcr < MCR) return false;
  const balance = await sys.payd.read.balanceOf([account.address]);
  const wanted = f(op.frac, balance < 20_000n * DEC ? balance : 20_000n * DEC);
  if (wanted === 0n) return false;
  const [first, nicr, amount] = await sys.hintHelpers.read.getRedemptionHints([wanted, m.price, 0n]);
  if (amount === 0n) return false;
  const [upper, lower] = await sys.sortedCaches.read.findInsertPosition([nicr, ZERO, ZERO]);
  await c.send(
    sys.cacheManager.write.redeemCollateral([amount, 0n, first, upper, lower, nicr, 0n], { account }),
  );
  return true;
};

const handlers: { [K in ValidIntent['kind']]: Handler<K> } = {
  open,
  addColl,
  withdrawColl,
  borrow,
  repay,
  close,
  provide,
  withdrawSP,
  price,
  liquidate,
  liquidateCaches,
  redeem,
};

/** Runs one valid intent against the current market; false when it does not apply (skipped). */
export async function applyValid(c: FuzzChain, op: ValidIntent): Promise<boolean> {
  const m = await c.market();
  const handler = handlers[op.kind] as Handler<typeof op.kind>;
  return handler(c, op, m);
}
