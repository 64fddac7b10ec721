// The staking screens served by the screen framework (spec 001 sections 2-3 and 7): Eth2WalletWs
// (wallet with its validators), EthTxHistoryWs (a wallet's transaction history),
// StakeWalletAddressWs (wallet registration) and StakeUserInfoWs (agent and KYC status).
// Customers reach only their own rows; validator and history columns are written by the server.
import { defineScreen } from '../framework/definition.ts';
import {
  datetime,
  decimal,
  lookup,
  num,
  ref,
  stampColumns,
  text,
  userSource,
  yn,
} from '../framework/columns.ts';
import { Role, isStaff } from '../framework/roles.ts';
import { invalidField } from '../wire/errors.ts';
import { MAX_VALIDATORS_PER_SAVE } from './messages.ts';
import { RegistrationMessages } from './registration.ts';
import { reviewedRecordAccess } from '../kyc/index.ts';

const user = userSource;
const validator = {
  table: 'eth2_validator',
  key: 'eth2_validator_id',
  label: 'pub_key',
  ownerColumn: 'usr_id',
};
const staffView = {
  roles: [Role.kycReviewer, Role.operator, Role.admin],
  rows: 'all',
  allowAdd: false,
  allowUpd: false,
  allowDel: false,
  viewOnly: true,
} as const;
const serverOnly = { readOnly: 'all' } as const;

export const eth2WalletScreen = defineScreen({
  screenId: 30,
  service: 'Eth2Wallet',
  entity: 'Eth2Wallet5',
  title: 'Eth2 Wallets',
  help: 'Validator wallets: a withdrawal address with the validators created for it.',
  master: {
    table: 'eth2_wallet',
    owner: { userColumn: 'usr_id' },
    columns: [
      num('Eth2WalletId6', 'eth2_wallet_id', 'Wallet Id', { system: 'key' }),
      ref('NetworkId6', 'network_id', 'Network', 'network', { required: true }),
      lookup('UsrId6', 'usr_id', 'User', user, { system: 'owner' }),
      text('Eth1WithdrawalAddr6', 'eth1_withdrawal_addr', 'Withdrawal Address', {
        required: true,
        maxLength: 42,
      }),
      num('StartIdx6', 'start_idx', 'Start Index', { min: 0, max: 1_000_000, defaultValue: 0 }),
      num('ValidatorCnt6', 'validator_cnt', 'Validator Count', {
        min: 0,
        max: MAX_VALIDATORS_PER_SAVE,
        defaultValue: 0,
      }),
      text('Remark6', 'remark', 'Remark', { maxLength: 2000 }),
      yn('Unlocked6', 'unlocked', 'Unlocked', { defaultValue: 'N', readOnly: 'customers' }),
      text('DepositJsonFile6', 'deposit_json_file', 'Deposit Data', serverOnly),
      ...stampColumns('6', 'staff'),
      num('RowVersion6', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  detail: {
    table: 'eth2_validator',
    entity: 'Eth2Validator5',
    fk: 'eth2_wallet_id',
    orderBy: 'idx',
    allowInsert: false,
    columns: [
      num('Eth2ValidatorId5', 'eth2_validator_id', 'Validator Id', { system: 'key' }),
      num('Idx5', 'idx', 'Index', serverOnly),
      ref('ValidatorStatusCd5', 'validator_status_cd', 'Status', 'validatorStatus', serverOnly),
      decimal('Balance5', 'balance', 'Balance', { scale: 9, ...serverOnly }),
      // The two heavy columns (JSON of the key and, ~900 characters, the base64 deposit data) are
      // listed only for validators not deposited yet, the ones the stake flow deposits (spec 001
      // section 5: 'validators with empty status'); the dashboard of a 1,000-validator customer
      // then loads half the bytes. `options.AllColumns: 'Y'` lists them on every row.
      text('ValidatorJson5', 'validator_json', 'Validator', {
        ...serverOnly,
        listedWhenEmpty: 'ValidatorStatusCd5',
      }),
      text('DepositJson5', 'deposit_json', 'Deposit Data', {
        ...serverOnly,
        listedWhenEmpty: 'ValidatorStatusCd5',
      }),
      datetime('CreatedOnUtc5', 'created_on_utc', 'Created On', serverOnly),
      datetime('StatusTimeStampUtc5', 'status_time_stamp_utc', 'Status Time', serverOnly),
      text('JsonFileName5', 'json_file_name', 'File Name', serverOnly),
      text('PubKey5', 'pub_key', 'Public Key', serverOnly),
      text('Remark5', 'remark', 'Remark', { maxLength: 2000 }),
      num('ValidatorIndex5', 'validator_index', 'Validator Index', serverOnly),
      num('ActivationEpoch5', 'activation_epoch', 'Activation Epoch', serverOnly),
      datetime('ActivationUtc5', 'activation_utc', 'Activation Time', serverOnly),
      num('ExitEpoch5', 'exit_epoch', 'Exit Epoch', serverOnly),
      datetime('ExitUtc5', 'exit_utc', 'Exit Time', serverOnly),
      // Where the validator's fees and MEV are paid: set by the server, never by a caller.
      text('FeeRecipient5', 'fee_recipient', 'Fee Recipient', serverOnly),
      // issue 25: the kind and the amount its deposit data was signed for
      text('WithdrawalKind5', 'withdrawal_kind', 'Kind', serverOnly),
      num('DepositGwei5', 'deposit_gwei', 'Deposit (gwei)', serverOnly),
      // issue 25 (migration 0295): what the beacon chain holds at the last sync: the effective
      // balance the daily fee is per 32 ETH of, and the kind of the credentials (after an upgrade 0x02)
      num('EffectiveGwei5', 'effective_gwei', 'Effective Balance (gwei)', serverOnly),
      text('ChainKind5', 'chain_kind', 'Kind on Chain', serverOnly),
    ],
  },
  searchList: {
    label: 'Eth1WithdrawalAddr6',
    labelR: 'NetworkId6',
    detail: 'ValidatorCnt6',
    detailR: 'InputOn6',
    search: ['Eth1WithdrawalAddr6', 'Remark6'],
    orderBy: 'Eth2WalletId6',
    orderDir: 'desc',
  },
  access: [
    { roles: 'customers', rows: 'own', allowAdd: true, allowUpd: true, allowDel: false, viewOnly: false },
    staffView,
  ],
  buttons: {
    Copy: { enabled: false },
    Delete: { enabled: false },
    InsRow: { enabled: false },
    // The back office leads from a wallet to its transactions (EthTxHistoryWs, the wallet's key as
    // a stored-value search); customers have no such screen.
    DrillDown: { enabled: true, label: 'Transactions', placement: 'M', roles: 'staff' },
  },
  criteria: [{ id: 9, column: 'Eth1WithdrawalAddr6', label: 'Wallet Address' }],
});

export const ethTxHistoryScreen = defineScreen({
  screenId: 31,
  service: 'EthTxHistory',
  entity: 'EthTxHistory13',
  title: 'Transactions',
  help: 'Deposits, withdrawals and rewards of a validator wallet.',
  master: {
    table: 'eth2_wallet',
    owner: { userColumn: 'usr_id' },
    columns: [
      num('Eth2WalletId6', 'eth2_wallet_id', 'Wallet Id', { system: 'key' }),
      ref('NetworkId6', 'network_id', 'Network', 'network', serverOnly),
      lookup('UsrId6', 'usr_id', 'User', user, { system: 'owner' }),
      text('Eth1WithdrawalAddr6', 'eth1_withdrawal_addr', 'Withdrawal Address', serverOnly),
    ],
  },
  detail: {
    table: 'eth_tx_history',
    entity: 'EthTxHistory22',
    fk: 'eth2_wallet_id',
    orderBy: 'time_stamp',
    orderDir: 'desc',
    allowInsert: false,
    columns: [
      num('TxHistoryId22', 'tx_history_id', 'Id', { system: 'key' }),
      lookup('Eth2ValidatorId22', 'eth2_validator_id', 'Validator', validator, serverOnly),
      decimal('StakeAmt22', 'stake_amt', 'Stake', { scale: 18, ...serverOnly }),
      decimal('WithdrawAmt22', 'withdraw_amt', 'Withdraw', { scale: 18, ...serverOnly }),
      decimal('StakeRewardAmt22', 'stake_reward_amt', 'Staking Reward', { scale: 18, ...serverOnly }),
      decimal('MiningRewardAmt22', 'mining_reward_amt', 'Fees Reward', { scale: 18, ...serverOnly }),
      decimal('MEVRewardAmt22', 'mev_reward_amt', 'MEV Reward', { scale: 18, ...serverOnly }),
      datetime('TimeStamp22', 'time_stamp', 'Date', serverOnly),
      num('BlockNbr22', 'block_nbr', 'Block', serverOnly),
      num('EpochNbr22', 'epoch_nbr', 'Epoch', serverOnly),
      num('SlotNbr22', 'slot_nbr', 'Slot', serverOnly),
      text('TxHash22', 'tx_hash', 'Transaction Hash', serverOnly),
      ref('TxStatusCd22', 'tx_status_cd', 'Status', 'txStatus', serverOnly),
    ],
  },
  searchList: {
    label: 'Eth1WithdrawalAddr6',
    labelR: 'NetworkId6',
    search: ['Eth1WithdrawalAddr6'],
    orderBy: 'Eth2WalletId6',
    orderDir: 'desc',
  },
  access: [
    { roles: 'customers', rows: 'own', allowAdd: false, allowUpd: false, allowDel: false, viewOnly: true },
    staffView,
  ],
  criteria: [{ id: 9, column: 'Eth1WithdrawalAddr6', label: 'Wallet Address' }],
});

export const stakeWalletAddressScreen = defineScreen({
  screenId: 32,
  service: 'StakeWalletAddress',
  entity: 'StakeWalletAddress2',
  title: 'Wallet Status',
  help: 'The wallet a customer stakes from: A approved, D declined (account terminated).',
  master: {
    table: 'stake_wallet_address',
    owner: { userColumn: 'usr_id' },
    columns: [
      num('StakeWalletAddrId2', 'stake_wallet_addr_id', 'Id', { system: 'key' }),
      text('StakeWalletAddr2', 'stake_wallet_addr', 'Wallet Address', { required: true, maxLength: 42 }),
      ref('StakeWalletStatusCd2', 'stake_wallet_status_cd', 'Status', 'stakeWalletStatus', {
        readOnly: [...[Role.borrower, Role.guarantor, Role.lender], Role.operator],
        audited: true,
      }),
      text('StakeWalletAddrDesc2', 'stake_wallet_addr_desc', 'Description', { maxLength: 500 }),
      lookup('UsrId2', 'usr_id', 'Customer', user, { system: 'owner' }),
      ...stampColumns('2'),
      num('RowVersion2', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  searchList: {
    label: 'StakeWalletAddr2',
    labelR: 'StakeWalletStatusCd2',
    detail: 'UsrId2',
    search: ['StakeWalletAddr2'],
    orderBy: 'StakeWalletAddrId2',
    orderDir: 'desc',
  },
  access: reviewedRecordAccess('review'),
  buttons: { Copy: { enabled: false }, Delete: { enabled: false } },
  // Registration saves the wallet with status A (spec 001 section 4); only staff decline it.
  // The address is the one its owner proved at registration (signed proof, registration.ts): no
  // one changes it afterwards, customers or staff, whatever the address (one neutral field
  // message, also for an address another customer registered). The same address in another
  // spelling is no change and is not written.
  beforeSave: ({ caller, isNew, before, values }) => {
    if (isNew) {
      if (!isStaff(caller.role)) values.StakeWalletStatusCd2 = 'A';
      return;
    }
    if (!('StakeWalletAddr2' in values)) return;
    const sent = String(values.StakeWalletAddr2 ?? '').toLowerCase();
    if (sent !== String(before?.StakeWalletAddr2 ?? '').toLowerCase())
      throw invalidField('mst.StakeWalletAddr2', RegistrationMessages.addressFixed);
    delete values.StakeWalletAddr2;
  },
});

export const stakeUserInfoScreen = defineScreen({
  screenId: 33,
  service: 'StakeUserInfo',
  entity: 'StakeUserInfo17',
  title: 'Staking Profile',
  help: 'The agent a customer chose at wallet registration.',
  master: {
    table: 'stake_user_info',
    owner: { userColumn: 'usr_id' },
    columns: [
      num('StakeInfoId17', 'stake_info_id', 'Id', { system: 'key' }),
      text('AgentNumber17', 'agent_number', 'Agent ID', { maxLength: 50 }),
      text('IpCountry17', 'ip_country', 'IP Country', serverOnly),
      text('KycStatus17', 'kyc_status', 'KYC Status', serverOnly),
      lookup('UsrId17', 'usr_id', 'Customer', user, { system: 'owner' }),
      ...stampColumns('17'),
      num('RowVersion17', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  searchList: {
    label: 'AgentNumber17',
    detail: 'UsrId17',
    search: ['AgentNumber17'],
    orderBy: 'StakeInfoId17',
    orderDir: 'desc',
  },
  access: [
    { roles: 'customers', rows: 'own', allowAdd: true, allowUpd: true, allowDel: false, viewOnly: false },
    { roles: [Role.admin], rows: 'all', allowAdd: false, allowUpd: true, allowDel: false, viewOnly: false },
    staffView,
  ],
  buttons: { Copy: { enabled: false }, Delete: { enabled: false } },
});
