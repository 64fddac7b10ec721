// Where a DrillDown of a back office record leads.
import { kycScreen, transactionsScreen } from './screens.ts';

export const drillDownPath = {
  /** A user's KYC records: the quick search for their login e-mail as a stored value (`**`). */
  userKyc: (mst: Record<string, unknown>) =>
    `/staff/${kycScreen.path}?search=${encodeURIComponent(`**${String(mst.UsrName1 ?? '')}`)}`,
  /** A wallet's transactions: the quick search for the wallet's key as a stored value (`**`), the
   * key of both Eth2WalletWs and EthTxHistoryWs (one wallet, even when addresses repeat). */
  walletTransactions: (mst: Record<string, unknown>) =>
    `/staff/${transactionsScreen.path}?search=${encodeURIComponent(`**${String(mst.Eth2WalletId6 ?? '')}`)}`,
};
