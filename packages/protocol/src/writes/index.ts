// @payd/protocol/writes: the transactions a person sends from the lending pages, on their own so a
// page can load them when the person first sends (web/src/features/lending/protocol/writes.ts).
// The same functions are exported by the package's main entry.
export {
  adjustCache,
  claimCollateralSurplus,
  closeCache,
  depositCollateral,
  openCache,
} from './cacheWrites.ts';
export {
  depositPAYDInRewardsPool,
  withdrawETHGain,
  withdrawPAYDFromRewardsPool,
} from './rewardsPoolWrites.ts';
export { prepareRedemption, redeemPAYD } from './redeemPAYD.ts';
export { liquidate, liquidateUpTo } from './liquidate.ts';
export { approveFTXStaking, sendPAYD, stakeFTX, transferFTX, unstakeFTX } from './tokenWrites.ts';
export { setPrice } from './setPrice.ts';
export { cancelFETHDeposit, claimETH, depositFETH, depositMultipleValidators } from './poolWrites.ts';
