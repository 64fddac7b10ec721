// KYC (migrations 0101-0121): persons and corporates with their documents, support requests, the
// status e-mails, liveness sessions and the reviewer's identity checks.
import { bigint, date, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';

/** The CHECK (... IN ('Y', 'N')) flags of the KYC records. */
const yn = (name: string) => text(name, { enum: ['Y', 'N'] });

export const kycPerson = pgTable('kyc_person', {
  kycPersonId: serial('kyc_person_id').primaryKey(),
  name: text('name'),
  genderCd: text('gender_cd'),
  nationalityId: text('nationality_id'),
  countryOfResId: text('country_of_res_id'),
  dateOfBirth: date('date_of_birth'),
  formerName: text('former_name'),
  alias: text('alias'),
  emailAddrs: text('email_addrs'),
  phoneNbrs: text('phone_nbrs'),
  addresses: text('addresses'),
  postalCode: text('postal_code'),
  bankAccts: text('bank_accts'),
  title: text('title'),
  countryOfBirthId: text('country_of_birth_id'),
  industryId: text('industry_id'),
  occupationId: text('occupation_id'),
  sourceOfFundsId: text('source_of_funds_id'),
  othersOfFunds: text('others_of_funds'),
  sourceOfWealthId: text('source_of_wealth_id'),
  othersOfWealth: text('others_of_wealth'),
  annualIncome: numeric('annual_income', { precision: 20, scale: 2 }),
  transAmount: numeric('trans_amount', { precision: 20, scale: 2 }),
  transFrequency: text('trans_frequency'),
  purposeId: text('purpose_id'),
  othersOfPurpose: text('others_of_purpose'),
  idTypeId: text('id_type_id'),
  idNumber: text('id_number'),
  idIssueCountryId: text('id_issue_country_id'),
  idIssueDate: date('id_issue_date'),
  idExpiryDate: date('id_expiry_date'),
  kycDesc: text('kyc_desc'),
  pep: yn('pep'),
  internalStatus: text('internal_status'),
  reason: text('reason'),
  kycCustomerId: text('kyc_customer_id'),
  kycRecordId: text('kyc_record_id'),
  kycStatusId: text('kyc_status_id'),
  kycRiskRatingId: text('kyc_risk_rating_id'),
  response: text('response'),
  riskReport: text('risk_report'),
  active: yn('active').notNull().default('Y'),
  livenessPassed: yn('liveness_passed'),
  disclosuresChked: yn('disclosures_chked'),
  picMed: text('pic_med'),
  inputFor: integer('input_for'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  modifiedBy: integer('modified_by'),
  modifiedOn: ts('modified_on'),
  rowVersion: integer('row_version').notNull().default(1),
});
export type KycPersonRow = typeof kycPerson.$inferSelect;

export const kycPersonDoc = pgTable('kyc_person_doc', {
  docId: serial('doc_id').primaryKey(),
  kycPersonId: integer('kyc_person_id').notNull(),
  docName: text('doc_name').notNull(),
  docTypeCd: text('doc_type_cd'),
  mimeType: text('mime_type').notNull().default('application/octet-stream'),
  docSize: integer('doc_size').notNull().default(0),
  content: bytea('content'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  /** The date the document bears (a proof of address must be recent, kyc/documents.ts). */
  docDate: date('doc_date'),
});
export type KycPersonDocRow = typeof kycPersonDoc.$inferSelect;

export const kycCorporate = pgTable('kyc_corporate', {
  kycCorpId: serial('kyc_corp_id').primaryKey(),
  entityTypeId: text('entity_type_id'),
  ownershipTypeId: text('ownership_type_id'),
  internalStatus: text('internal_status'),
  reason: text('reason'),
  name: text('name'),
  incorpNumber: text('incorp_number'),
  countryOfIncorpId: text('country_of_incorp_id'),
  countryOfOpId: text('country_of_op_id'),
  countryOfAddrId: text('country_of_addr_id'),
  businessTypeId: text('business_type_id'),
  sourceOfFundsId: text('source_of_funds_id'),
  busSourceOfWealthId: text('bus_source_of_wealth_id'),
  purposeId: text('purpose_id'),
  pep: yn('pep'),
  kycStatusId: text('kyc_status_id'),
  kycRiskRatingId: text('kyc_risk_rating_id'),
  addresses: text('addresses'),
  phoneNbrs: text('phone_nbrs'),
  inputFor: integer('input_for'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  modifiedBy: integer('modified_by'),
  modifiedOn: ts('modified_on'),
  rowVersion: integer('row_version').notNull().default(1),
});
export type KycCorporateRow = typeof kycCorporate.$inferSelect;

/** Related persons of a corporate. */
export const kycCorpPerson = pgTable('kyc_corp_person', {
  kycCorpCrpId: serial('kyc_corp_crp_id').primaryKey(),
  kycCorpId: integer('kyc_corp_id').notNull(),
  kycPersonId: integer('kyc_person_id'),
  kycCorpRelationId: text('kyc_corp_relation_id'),
  roleId: text('role_id'),
  dateAppointed: date('date_appointed'),
  dateResigned: date('date_resigned'),
  active: yn('active').notNull().default('Y'),
});
export type KycCorpPersonRow = typeof kycCorpPerson.$inferSelect;

export const kycCorpDoc = pgTable('kyc_corp_doc', {
  docId: serial('doc_id').primaryKey(),
  kycCorpId: integer('kyc_corp_id').notNull(),
  docName: text('doc_name').notNull(),
  docTypeCd: text('doc_type_cd'),
  mimeType: text('mime_type').notNull().default('application/octet-stream'),
  docSize: integer('doc_size').notNull().default(0),
  content: bytea('content'),
  inputBy: integer('input_by'),
  inputOn: ts('input_on'),
  docDate: date('doc_date'),
});
export type KycCorpDocRow = typeof kycCorpDoc.$inferSelect;

export const supportRequest = pgTable('support_request', {
  supportRequestId: serial('support_request_id').primaryKey(),
  userId: integer('user_id').notNull(),
  kycPersonId: integer('kyc_person_id'),
  kycCorpId: integer('kyc_corp_id'),
  requestTypeId: text('request_type_id'),
  requestInfo: text('request_info'),
  inputOn: ts('input_on'),
  rowVersion: integer('row_version').notNull().default(1),
});
export type SupportRequestRow = typeof supportRequest.$inferSelect;

/** Staff KYC status changes (audit_log rows) already mailed to the customer. */
export const kycStatusMail = pgTable('kyc_status_mail', {
  auditId: bigint('audit_id', { mode: 'number' }).primaryKey(),
  mailedOn: ts('mailed_on').notNull(),
});
export type KycStatusMailRow = typeof kycStatusMail.$inferSelect;

/** One row: the last audit_id before status mails began (older changes are not mailed). */
export const kycStatusMailStart = pgTable('kyc_status_mail_start', {
  auditId: bigint('audit_id', { mode: 'number' }).notNull(),
});
export type KycStatusMailStartRow = typeof kycStatusMailStart.$inferSelect;

/** Liveness sessions of the KYC wizard; only the access token's SHA-256 is kept. */
export const kycLivenessSession = pgTable('kyc_liveness_session', {
  sessionId: text('session_id').primaryKey(),
  usrId: integer('usr_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  provider: text('provider').notNull(),
  status: text('status', { enum: ['READY', 'PASSED', 'FAILED', 'ERROR'] })
    .notNull()
    .default('READY'),
  result: text('result'),
  createdOn: ts('created_on').notNull(),
  expiresOn: ts('expires_on').notNull(),
  completedOn: ts('completed_on'),
});
export type KycLivenessSessionRow = typeof kycLivenessSession.$inferSelect;

/** A reviewer's FaceCompare or DocOCR run on a person's record; `result` is JSON text. */
export const kycIdentityCheck = pgTable('kyc_identity_check', {
  checkId: serial('check_id').primaryKey(),
  kycPersonId: integer('kyc_person_id').notNull(),
  kind: text('kind', { enum: ['faces', 'document'] }).notNull(),
  result: text('result').notNull(),
  checkedBy: integer('checked_by'),
  checkedByName: text('checked_by_name').notNull(),
  checkedOn: ts('checked_on').notNull(),
});
export type KycIdentityCheckRow = typeof kycIdentityCheck.$inferSelect;
