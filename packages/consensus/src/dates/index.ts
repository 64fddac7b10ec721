// Expected dates of everything pending on the beacon chain, from what the Beacon API serves, by the
// rules of consensus-specs electra beacon-chain.md (README.md of this folder says what is assumed).
export * from './config.ts';
export * from './snapshot.ts';
export * from './pendingDeposits.ts';
export * from './activation.ts';
export * from './exitChurn.ts';
export * from './withdrawalSweep.ts';
export * from './pendingDates.ts';
export * from './requestDates.ts';
