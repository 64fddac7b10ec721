import { describe, expect, it } from 'vitest';
import { drillDownPath } from './drillDown.ts';

describe('back office DrillDown', () => {
  it('leads from a user to their KYC records by their e-mail as a stored value', () => {
    expect(drillDownPath.userKyc({ UsrId1: 7, UsrName1: 'ann+kyc@example.com' })).toBe(
      '/staff/kyc?search=**ann%2Bkyc%40example.com',
    );
  });

  it('leads from a wallet to its transactions by the wallet key as a stored value', () => {
    expect(
      drillDownPath.walletTransactions({
        Eth2WalletId6: 42,
        Eth1WithdrawalAddr6: '0x8ba1f109551bd432803012645ac136ddd64dba72',
      }),
    ).toBe('/staff/transactions?search=**42');
  });
});
