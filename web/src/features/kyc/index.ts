// The KYC feature as other features see it: the customer's KYC records and their states. Other
// features import these from here, not from the files behind.
export { useKycRecords } from './kycApi.ts';
export { corporateState, isFullyApproved, personState, type KycRecordState } from './kycRecord.ts';
