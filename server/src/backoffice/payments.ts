// StakePaymentWs (screen 34, entity StakePayment3; spec 001 'StakePayment'): payments for
// credits (card, FTX, ETH). Rows are written only by the top-up flows on the server, never by
// hand (decision): every role is view-only here, staff see every payment, a customer only their
// own (the customer /payment history reads it the same way).
import { defineScreen } from '../framework/definition.ts';
import { datetime, decimal, lookup, num, ref, text, userSource } from '../framework/columns.ts';
import { Role } from '../framework/roles.ts';

const serverOnly = { readOnly: 'all' } as const;
const viewOnly = { allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true } as const;

export const paymentsScreen = defineScreen({
  screenId: 34,
  service: 'StakePayment',
  entity: 'StakePayment3',
  title: 'Payments',
  help: 'Payments for credits: C card (USD), T FTX, E ETH. Written by the top-up flows only.',
  master: {
    table: 'stake_payment',
    owner: { userColumn: 'usr_id' },
    columns: [
      num('PmtId4', 'pmt_id', 'Payment Id', { system: 'key' }),
      ref('PmtTypeCd4', 'pmt_type_cd', 'Payment Type', 'pmtType', serverOnly),
      decimal('PmtAmt4', 'pmt_amt', 'Amount', { scale: 18, ...serverOnly }),
      decimal('CreditAmt4', 'credit_amt', 'Credits', { scale: 2, ...serverOnly }),
      ref('PmtStatusCd4', 'pmt_status_cd', 'Status', 'pmtStatus', serverOnly),
      datetime('PaidOn4', 'paid_on', 'Paid On', serverOnly),
      lookup('UsrId4', 'usr_id', 'Customer', userSource, { system: 'owner' }),
      lookup(
        'StakeWalletAddrId4',
        'stake_wallet_addr_id',
        'Wallet Address',
        {
          table: 'stake_wallet_address',
          key: 'stake_wallet_addr_id',
          label: 'stake_wallet_addr',
          ownerColumn: 'usr_id',
        },
        serverOnly,
      ),
      text('StripeRef4', 'stripe_ref', 'Card Payment Reference', serverOnly),
      text('TxHash4', 'tx_hash', 'Transaction Hash', serverOnly),
      datetime('InputOn4', 'input_on', 'Input On', { system: 'inputOn' }),
      num('RowVersion4', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  searchList: {
    label: 'PmtTypeCd4',
    labelR: 'PaidOn4',
    detail: 'PmtAmt4',
    detailR: 'UsrId4',
    search: ['UsrId4', 'StripeRef4', 'TxHash4'],
    orderBy: 'PmtId4',
    orderDir: 'desc',
  },
  access: [
    { roles: 'customers', rows: 'own', ...viewOnly },
    { roles: [Role.kycReviewer, Role.operator, Role.admin], rows: 'all', ...viewOnly },
  ],
  buttons: {
    New: { enabled: false },
    Copy: { enabled: false },
    Delete: { enabled: false },
    Save: { enabled: false },
    SaveClose: { enabled: false },
  },
  criteria: [
    { id: 1, column: 'PmtTypeCd4', label: 'Payment Type', dropdown: { kind: 'ref', cat: 'pmtType' } },
    { id: 2, column: 'PmtStatusCd4', label: 'Status', dropdown: { kind: 'ref', cat: 'pmtStatus' } },
    { id: 3, column: 'UsrId4', label: 'Customer', dropdown: { kind: 'table', ...userSource } },
    // Paid between two days (UTC), for a month's or a statement period's payments.
    { id: 4, column: 'PaidOn4', label: 'Paid from', op: 'from' },
    { id: 5, column: 'PaidOn4', label: 'Paid until', op: 'to' },
  ],
  filters: [
    { id: 1, label: 'Credit Card', column: 'PmtTypeCd4', in: ['C'] },
    { id: 2, label: 'FTX Payment', column: 'PmtTypeCd4', in: ['T'] },
    { id: 3, label: 'ETH Payment', column: 'PmtTypeCd4', in: ['E'] },
    { id: 4, label: 'Not successful', column: 'PmtStatusCd4', in: ['P', 'F'] },
  ],
});
