// UsrWs (screen 1, entity Usr1): a read-only staff view of accounts, each with the on-chain
// wallet its customer registered (view staff_users), and their web3 sign-in wallets. Password
// hashes are not columns, so they can never be selected.
import { defineScreen } from '../framework/definition.ts';
import { datetime, num, ref, text } from '../framework/columns.ts';

export const usersScreen = defineScreen({
  screenId: 1,
  service: 'Usr',
  entity: 'Usr1',
  title: 'Users',
  master: {
    table: 'staff_users',
    columns: [
      num('UsrId1', 'usr_id', 'User Id', { system: 'key' }),
      text('UsrName1', 'usr_name', 'Login Name'),
      ref('Role1', 'role', 'Role', 'role', { integerKey: true }),
      num('CultureId1', 'culture_id', 'Culture'),
      datetime('CreatedAt1', 'created_at', 'Signed Up On'),
      datetime('PasswordChangedAt1', 'password_changed_at', 'Password Changed On'),
      text('RegisteredWallet1', 'registered_wallet', 'Registered Wallet'),
      datetime(
        'RegisteredWalletKycMarkedOn1',
        'registered_wallet_kyc_marked_on',
        'Wallet Marked KYC On Chain On',
      ),
    ],
  },
  detail: {
    table: 'wallets',
    entity: 'UsrWallet1',
    fk: 'usr_id',
    orderBy: 'created_at',
    allowInsert: false,
    columns: [
      text('WalletAddr1', 'address', 'Sign-in Wallet Address', { system: 'key' }),
      datetime('WalletCreatedAt1', 'created_at', 'Registered On'),
    ],
  },
  searchList: {
    label: 'UsrName1',
    labelR: 'Role1',
    detail: 'CreatedAt1',
    search: ['UsrName1'],
    orderBy: 'UsrId1',
  },
  access: [
    { roles: 'staff', rows: 'all', allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true },
  ],
  buttons: {
    New: { enabled: false },
    Copy: { enabled: false },
    // The web leads from a user to their KYC records (quick search on their e-mail).
    DrillDown: { enabled: true, label: 'KYC records', placement: 'M' },
  },
  filters: [
    { id: 1, label: 'Staff', column: 'Role1', in: ['10', '11', '12'] },
    { id: 2, label: 'Customers', column: 'Role1', in: ['1', '2', '3'] },
  ],
});
