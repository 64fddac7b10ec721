// KycPersonWs (screen 2, entity KycPerson15): a personal KYC record with its documents. Customers
// reach only their own record (InputFor15); KYC reviewers and admins review it and alone set
// InternalStatus15 and Reason15; operators look. Status changes land in the audit table.
import {
  MAX_DOC_FILES,
  annualIncomeProblem,
  issueDateProblem,
  lockedKycStatuses,
  personalMessages,
  waitingKycStatuses,
} from '@payd/schemas';
import { defineScreen, type ColumnDef } from '../framework/definition.ts';
import {
  date,
  datetime,
  decimal,
  image,
  lookup,
  num,
  ref,
  stampColumns,
  text,
  userSource,
  yn,
} from '../framework/columns.ts';
import { Role, isStaff } from '../framework/roles.ts';
import { reviewedRecordAccess } from './reviewedAccess.ts';
import { requireReasonAgainstFailedChecks } from './identityCheckResults.ts';
import { invalidField } from '../wire/errors.ts';

// The status lists (lockedKycStatuses, waitingKycStatuses) and the form's messages are shared
// with the web (packages/schemas).

const staffOnly = 'staff' as const;
const user = userSource;

/** The documents column of a KYC record: files in `table` (the same columns for both), keyed by `fk`. */
export const kycDocColumn = (
  name: string,
  table: string,
  fk: string,
  extra: Partial<ColumnDef> = {},
): ColumnDef => ({
  name,
  db: table,
  type: 'document',
  label: 'Documents',
  documents: {
    table,
    key: 'doc_id',
    fk,
    name: 'doc_name',
    mimeType: 'mime_type',
    size: 'doc_size',
    content: 'content',
    inputOn: 'input_on',
    inputBy: 'input_by',
  },
  ...extra,
});

const kycPersonDoc15 = kycDocColumn('KycPersonDoc15', 'kyc_person_doc', 'kyc_person_id', {
  // Supporting documents (issue 4, server/src/kyc/documents.ts): up to 100, and a customer's
  // documents lock with the record's status like the personal details do.
  maxFiles: MAX_DOC_FILES,
  docWritable: (row, caller) =>
    isStaff(caller.role) || !lockedKycStatuses.includes(String(row.InternalStatus15 ?? '')),
});

const dayText = (v: unknown) => (v === null || v === undefined ? '' : String(v).slice(0, 10));

/** The ID's issue date against its expiry date and today (packages/schemas issueDateProblem),
 * whoever saves, when either date changes: a record saved before the rule is not locked by it. */
function checkIdDates(
  before: Readonly<Record<string, unknown>> | null,
  values: Readonly<Record<string, unknown>>,
  now: Date,
): void {
  const changed = (c: string) => c in values && dayText(values[c]) !== dayText(before?.[c]);
  if (!changed('IdIssueDate15') && !changed('IdExpiryDate15')) return;
  const pick = (c: string) => dayText(c in values ? values[c] : before?.[c]);
  const problem = issueDateProblem(
    pick('IdIssueDate15'),
    pick('IdExpiryDate15'),
    now.toISOString().slice(0, 10),
  );
  if (problem) throw invalidField('mst.IdIssueDate15', problem);
}

export const kycPersonScreen = defineScreen({
  screenId: 2,
  service: 'KycPerson',
  entity: 'KycPerson15',
  title: 'KYC Persons',
  help: 'Personal KYC records. The review queue filter lists records waiting for review.',
  master: {
    table: 'kyc_person',
    owner: { userColumn: 'input_for' },
    columns: [
      num('KycPersonId15', 'kyc_person_id', 'KYC Person Id', { system: 'key' }),
      text('Name15', 'name', 'Name', {
        required: true,
        requiredMessage: personalMessages.name,
        maxLength: 200,
      }),
      ref('GenderCd15', 'gender_cd', 'Gender', 'gender'),
      ref('NationalityId15', 'nationality_id', 'Nationality', 'country'),
      ref('CountryOfResId15', 'country_of_res_id', 'Country of Residency', 'country'),
      date('DateOfBirth15', 'date_of_birth', 'Date of Birth'),
      text('FormerName15', 'former_name', 'Former Name', { maxLength: 200 }),
      text('Alias15', 'alias', 'Alias', { maxLength: 200 }),
      text('EmailAddrs15', 'email_addrs', 'Email Address', { maxLength: 320, readOnly: 'customers' }),
      text('PhoneNbrs15', 'phone_nbrs', 'Contact Number', { maxLength: 100 }),
      text('Addresses15', 'addresses', 'Address', { maxLength: 1000 }),
      text('PostalCode15', 'postal_code', 'Postal Code', { maxLength: 20 }),
      text('BankAccts15', 'bank_accts', 'Bank Accounts', { maxLength: 1000 }),
      text('Title15', 'title', 'Title', { maxLength: 50 }),
      ref('CountryOfBirthId15', 'country_of_birth_id', 'Country of Birth', 'country'),
      ref('IndustryId15', 'industry_id', 'Industry', 'industry'),
      ref('OccupationId15', 'occupation_id', 'Occupation', 'occupation'),
      ref('SourceOfFundsId15', 'source_of_funds_id', 'Source of Funds', 'sourceOfFunds'),
      text('OthersOfFunds15', 'others_of_funds', 'Other Source of Funds', { maxLength: 500 }),
      ref('SourceOfWealthId15', 'source_of_wealth_id', 'Source of Wealth', 'sourceOfWealth'),
      text('OthersOfWealth15', 'others_of_wealth', 'Other Source of Wealth', { maxLength: 500 }),
      decimal('AnnualIncome15', 'annual_income', 'Annual Income (USD)', {
        scale: 2,
        min: 0,
        check: annualIncomeProblem,
      }),
      decimal('TransAmount15', 'trans_amount', 'Transaction Amount', { scale: 2, min: 0 }),
      text('TransFrequency15', 'trans_frequency', 'Transaction Frequency', { maxLength: 100 }),
      ref('PurposeId15', 'purpose_id', 'Purpose', 'purpose'),
      text('OthersOfPurpose15', 'others_of_purpose', 'Other Purpose', { maxLength: 500 }),
      ref('IdTypeId15', 'id_type_id', 'ID Type', 'idType'),
      text('IdNumber15', 'id_number', 'ID Number', { maxLength: 100 }),
      ref('IdIssueCountryId15', 'id_issue_country_id', 'ID Issuance Country', 'country'),
      date('IdIssueDate15', 'id_issue_date', 'Issue Date'),
      date('IdExpiryDate15', 'id_expiry_date', 'Expiry Date'),
      text('KycDesc15', 'kyc_desc', 'Reviewer Notes', { maxLength: 4000, visible: staffOnly }),
      yn('Pep15', 'pep', 'Politically Exposed Person'),
      ref('InternalStatus15', 'internal_status', 'Status', 'kycStatus', {
        readOnly: [Role.borrower, Role.guarantor, Role.lender, Role.operator],
        audited: true,
      }),
      text('Reason15', 'reason', 'Reason', {
        maxLength: 2000,
        readOnly: [Role.borrower, Role.guarantor, Role.lender, Role.operator],
        audited: true,
      }),
      text('KycCustomerId15', 'kyc_customer_id', 'Screening Customer Id', {
        visible: staffOnly,
        readOnly: 'all',
      }),
      text('KycRecordId15', 'kyc_record_id', 'Screening Record Id', { visible: staffOnly, readOnly: 'all' }),
      text('KycStatusId15', 'kyc_status_id', 'Screening Status', { visible: staffOnly, readOnly: 'all' }),
      ref('KycRiskRatingId15', 'kyc_risk_rating_id', 'Risk Rating', 'riskRating', {
        visible: staffOnly,
        readOnly: [Role.operator],
        audited: true,
      }),
      text('Response15', 'response', 'Screening Response', { visible: staffOnly, readOnly: 'all' }),
      text('RiskReport15', 'risk_report', 'Risk Report', { visible: staffOnly, readOnly: 'all' }),
      yn('Active15', 'active', 'Active', { defaultValue: 'Y', readOnly: 'customers', audited: true }),
      ...stampColumns('15', staffOnly),
      // Set by the liveness check on the server (issue 4), never by a client.
      yn('LivenessPassed15', 'liveness_passed', 'Liveness Passed', { readOnly: 'all', audited: true }),
      yn('DisclosuresChked15', 'disclosures_chked', 'Disclosures Accepted', {
        readOnly: 'staff',
        audited: true,
      }),
      image('PicMed15', 'pic_med', 'Selfie', { readOnly: 'all' }),
      kycPersonDoc15,
      lookup('InputFor15', 'input_for', 'Customer', user, { system: 'owner' }),
      num('RowVersion15', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  detail: {
    table: 'kyc_person_doc',
    entity: 'KycPersonDoc15',
    fk: 'kyc_person_id',
    orderBy: 'doc_id',
    allowInsert: false,
    columns: [
      num('DocId', 'doc_id', 'Document Id', { system: 'key' }),
      text('DocName', 'doc_name', 'File Name', { required: true, maxLength: 255 }),
      // set at upload (SaveKycPersonDoc15, which checks a proof of address's date); a customer's
      // SaveData cannot retype a stored file, e.g. an old bill into a proof of address
      ref('DocTypeCd', 'doc_type_cd', 'Document Type', 'docType', { readOnly: 'customers' }),
      date('DocDate', 'doc_date', 'Document Date', { readOnly: 'customers' }),
      text('MimeType', 'mime_type', 'Type', { readOnly: 'all' }),
      num('DocSize', 'doc_size', 'Size', { readOnly: 'all' }),
      datetime('InputOn', 'input_on', 'Uploaded On', { system: 'inputOn' }),
      lookup('LoginName', 'input_by', 'Uploaded By', user, { system: 'inputBy', visible: staffOnly }),
    ],
  },
  searchList: {
    label: 'Name15',
    labelR: 'InternalStatus15',
    detail: 'EmailAddrs15',
    detailR: 'InputOn15',
    search: ['Name15', 'EmailAddrs15'],
    orderBy: 'KycPersonId15',
  },
  access: reviewedRecordAccess('all'),
  buttons: { InsRow: { enabled: false }, CopyRow: { enabled: false }, Copy: { enabled: false } },
  criteria: [
    { id: 1, column: 'InternalStatus15', label: 'Status', dropdown: { kind: 'ref', cat: 'kycStatus' } },
  ],
  filters: [
    { id: 1, label: 'Review queue', column: 'InternalStatus15', in: waitingKycStatuses, roles: 'staff' },
    { id: 2, label: 'Problem with data collection', column: 'InternalStatus15', in: ['P2'], roles: 'staff' },
    { id: 3, label: 'Approved', column: 'InternalStatus15', in: ['AP'], roles: 'staff' },
    { id: 4, label: 'Declined', column: 'InternalStatus15', in: ['DE'], roles: 'staff' },
  ],
  // A customer cannot change a record under review, approved or declined (the pages lock).
  rowRule: (row, caller) =>
    isStaff(caller.role) || !lockedKycStatuses.includes(String(row.InternalStatus15 ?? ''))
      ? { allowUpd: true, allowDel: true }
      : { allowUpd: false, allowDel: false },
  beforeSave: async ({ caller, isNew, before, values, exec, now }) => {
    checkIdDates(before, values, now);
    // Approving against failed identity checks needs a reason (issue 17, kyc/identityCheckResults.ts).
    if (isStaff(caller.role)) return requireReasonAgainstFailedChecks(exec, before, values);
    // The customer's e-mail is their login name; saving the details (again) asks for review.
    if (isNew) values.EmailAddrs15 = caller.usrName;
    const status = String(before?.InternalStatus15 ?? '');
    if (status === '' || status === 'P2') values.InternalStatus15 = 'P1';
  },
});
