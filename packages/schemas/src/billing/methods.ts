// The web's references to the billing contracts (contract/contract.ts `ref`), one object per
// service as the wire names it: typed by the contracts, free of their schemas.
import { ref } from '../contract/contract.ts';
import type * as c from './contracts.ts';

export const StakeAcctBalance = {
  GetBalance: ref<typeof c.getBalance>('StakeAcctBalance', 'GetBalance'),
} as const;
