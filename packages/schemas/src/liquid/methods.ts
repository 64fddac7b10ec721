// The web's references to the liquid contracts (contract/contract.ts `ref`), one object per
// service as the wire names it: typed by the contracts, free of their schemas.
import { ref } from '../contract/contract.ts';
import type * as c from './contracts.ts';

export const PoolValidator = {
  GetPoolState: ref<typeof c.getPoolState>('PoolValidator', 'GetPoolState'),
  RunPoolJob: ref<typeof c.runPoolJob>('PoolValidator', 'RunPoolJob'),
} as const;
