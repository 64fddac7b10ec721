// What /stakeETH needs once a stake is under way, as one chunk loaded just after the page shows:
// the progress card (with its watch of the chain's head), the deposit's receipt reads and the fork
// version its deposit data must carry.
export { StakeProgress } from './StakeProgress.tsx';
export { receiptReader } from './receiptReader.ts';
export { genesisForkVersion } from './genesisForkVersion.ts';
