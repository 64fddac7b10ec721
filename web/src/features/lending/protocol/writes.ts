// The writes of @payd/protocol for the lending pages, loaded when a person first sends (or, for
// prepareRedemption, first types an amount to redeem): the page shows without the transaction code
// (the ABI encoding of calls, gas estimates, receipt decoding). Each keeps its @payd/protocol type.
type Writes = typeof import('@payd/protocol/writes');
type WriteName = keyof Writes;

let loaded: Promise<Writes> | undefined;
/** The writes module, imported once. */
export const loadWrites = (): Promise<Writes> => (loaded ??= import('@payd/protocol/writes'));

/** `name` of @payd/protocol, imported on its first call. */
function onUse<N extends WriteName>(name: N) {
  type F = Writes[N];
  return (async (...args: Parameters<F>) => {
    const write = (await loadWrites())[name] as unknown as (...a: Parameters<F>) => ReturnType<F>;
    return write(...args);
  }) as (...args: Parameters<F>) => Promise<Awaited<ReturnType<F>>>;
}

export const adjustCache = onUse('adjustCache');
export const claimCollateralSurplus = onUse('claimCollateralSurplus');
export const closeCache = onUse('closeCache');
export const depositCollateral = onUse('depositCollateral');
export const openCache = onUse('openCache');
export const depositPAYDInRewardsPool = onUse('depositPAYDInRewardsPool');
export const withdrawETHGain = onUse('withdrawETHGain');
export const withdrawPAYDFromRewardsPool = onUse('withdrawPAYDFromRewardsPool');
export const prepareRedemption = onUse('prepareRedemption');
export const redeemPAYD = onUse('redeemPAYD');
export const liquidate = onUse('liquidate');
export const liquidateUpTo = onUse('liquidateUpTo');
export const approveFTXStaking = onUse('approveFTXStaking');
export const sendPAYD = onUse('sendPAYD');
export const stakeFTX = onUse('stakeFTX');
export const transferFTX = onUse('transferFTX');
export const unstakeFTX = onUse('unstakeFTX');
export const setPrice = onUse('setPrice');
export const cancelFETHDeposit = onUse('cancelFETHDeposit');
export const claimETH = onUse('claimETH');
export const depositFETH = onUse('depositFETH');
export const depositMultipleValidators = onUse('depositMultipleValidators');
