// A body the contract's body schema does not take: must not type-check.
import { StakeAcctBalance } from '@payd/schemas';
import type { ApiClient } from '../src/api/client.ts';

export const wrong = async (api: ApiClient) => api.call(StakeAcctBalance.GetBalance, { walletAddress: 7 });
