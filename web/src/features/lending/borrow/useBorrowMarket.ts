// What the Borrow page's rules read from the store, re-rendering only when one of them changes.
import { useProtocol } from '../protocol/ProtocolProvider.tsx';
import type { BorrowMarket } from './borrowRules.ts';

export function useBorrowMarket(): BorrowMarket {
  return useProtocol((s) => ({
    price: s.price,
    total: s.total,
    fees: s.fees,
    discountPercent: s.ftxStake.percentage,
    accountBalance: s.accountBalance,
    paydBalance: s.paydBalance,
    paydInRewardsPool: s.paydInRewardsPool,
  }));
}
