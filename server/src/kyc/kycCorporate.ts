// KycCorporateWs (screen 3, entity KycCorporate16): a business KYC record with its related
// persons (detail, suffix 23) and documents. Same roles as KycPersonWs: customers reach their
// own record (InputFor16), reviewers and admins set InternalStatus16 and Reason16 (audited).
import { defineScreen } from '../framework/definition.ts';
import { date, lookup, num, ref, stampColumns, text, userSource, yn } from '../framework/columns.ts';
import { MAX_DOC_FILES, lockedKycStatuses, waitingKycStatuses } from '@payd/schemas';
import { Role, isStaff } from '../framework/roles.ts';
import { reviewedRecordAccess } from './reviewedAccess.ts';
import { kycDocColumn } from './kycPerson.ts';

const staffOnly = 'staff' as const;
const notReviewers = [Role.borrower, Role.guarantor, Role.lender, Role.operator];
const user = userSource;

// A business's documents: the same 100-file limit as a person's (spec 002, supporting documents).
const kycCorpDoc16 = kycDocColumn('KycCorpDoc16', 'kyc_corp_doc', 'kyc_corp_id', { maxFiles: MAX_DOC_FILES });

export const kycCorporateScreen = defineScreen({
  screenId: 3,
  service: 'KycCorporate',
  entity: 'KycCorporate16',
  title: 'KYC Corporates',
  master: {
    table: 'kyc_corporate',
    owner: { userColumn: 'input_for' },
    columns: [
      num('KycCorpId16', 'kyc_corp_id', 'KYC Corporate Id', { system: 'key' }),
      text('Name16', 'name', 'Company Name', { required: true, maxLength: 300 }),
      ref('EntityTypeId16', 'entity_type_id', 'Entity Type', 'entityType'),
      ref('OwnershipTypeId16', 'ownership_type_id', 'Ownership Type', 'ownershipType'),
      text('IncorpNumber16', 'incorp_number', 'Incorporation Number', { maxLength: 100 }),
      ref('CountryOfIncorpId16', 'country_of_incorp_id', 'Country of Incorporation', 'country'),
      ref('CountryOfOpId16', 'country_of_op_id', 'Country of Operation', 'country'),
      ref('CountryOfAddrId16', 'country_of_addr_id', 'Country of Address', 'country'),
      ref('BusinessTypeId16', 'business_type_id', 'Business Type', 'businessType'),
      ref('SourceOfFundsId16', 'source_of_funds_id', 'Source of Funds', 'sourceOfFunds'),
      ref('BusSourceOfWealthId16', 'bus_source_of_wealth_id', 'Source of Wealth', 'sourceOfWealth'),
      ref('PurposeId16', 'purpose_id', 'Purpose', 'purpose'),
      yn('Pep16', 'pep', 'Politically Exposed Person'),
      ref('InternalStatus16', 'internal_status', 'Status', 'kycStatus', {
        readOnly: notReviewers,
        audited: true,
      }),
      text('Reason16', 'reason', 'Reason', { maxLength: 2000, readOnly: notReviewers, audited: true }),
      text('KycStatusId16', 'kyc_status_id', 'Screening Status', { visible: staffOnly, readOnly: 'all' }),
      ref('KycRiskRatingId16', 'kyc_risk_rating_id', 'Risk Rating', 'riskRating', {
        visible: staffOnly,
        readOnly: [Role.operator],
        audited: true,
      }),
      text('Addresses16', 'addresses', 'Address', { maxLength: 1000 }),
      text('PhoneNbrs16', 'phone_nbrs', 'Contact Number', { maxLength: 100 }),
      ...stampColumns('16', staffOnly),
      kycCorpDoc16,
      lookup('InputFor16', 'input_for', 'Customer', user, { system: 'owner' }),
      num('RowVersion16', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  detail: {
    table: 'kyc_corp_person',
    entity: 'KycCorpCrp23',
    fk: 'kyc_corp_id',
    orderBy: 'kyc_corp_crp_id',
    columns: [
      num('KycCorpCrpId23', 'kyc_corp_crp_id', 'Id', { system: 'key' }),
      lookup('KycPersonId23', 'kyc_person_id', 'Person', {
        table: 'kyc_person',
        key: 'kyc_person_id',
        label: 'name',
        ownerColumn: 'input_for',
      }),
      ref('KycCorpRelationId23', 'kyc_corp_relation_id', 'Relation', 'corpRelation'),
      ref('RoleId23', 'role_id', 'Role', 'corpRole'),
      date('DateAppointed23', 'date_appointed', 'Date Appointed'),
      date('DateResigned23', 'date_resigned', 'Date Resigned'),
      yn('Active23', 'active', 'Active', { defaultValue: 'Y' }),
    ],
  },
  searchList: {
    label: 'Name16',
    labelR: 'InternalStatus16',
    detail: 'IncorpNumber16',
    detailR: 'InputOn16',
    search: ['Name16'],
    orderBy: 'KycCorpId16',
  },
  access: reviewedRecordAccess('all'),
  buttons: { Copy: { enabled: false } },
  criteria: [
    { id: 1, column: 'InternalStatus16', label: 'Status', dropdown: { kind: 'ref', cat: 'kycStatus' } },
  ],
  filters: [
    { id: 1, label: 'Review queue', column: 'InternalStatus16', in: waitingKycStatuses, roles: 'staff' },
    { id: 2, label: 'Problem with data collection', column: 'InternalStatus16', in: ['P2'], roles: 'staff' },
    { id: 3, label: 'Approved', column: 'InternalStatus16', in: ['AP'], roles: 'staff' },
    { id: 4, label: 'Declined', column: 'InternalStatus16', in: ['DE'], roles: 'staff' },
  ],
  rowRule: (row, caller) =>
    isStaff(caller.role) || !lockedKycStatuses.includes(String(row.InternalStatus16 ?? ''))
      ? { allowUpd: true, allowDel: true }
      : { allowUpd: false, allowDel: false },
  beforeSave: ({ caller, before, values }) => {
    if (isStaff(caller.role)) return;
    const status = String(before?.InternalStatus16 ?? '');
    if (status === '' || status === 'P2') values.InternalStatus16 = 'P1';
  },
});
