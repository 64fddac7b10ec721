// The KYC feature as other features see it: the access matrix of a record customers keep and KYC
// reviewers review (staking's wallet registrations use it too).
export { reviewedRecordAccess } from './reviewedAccess.ts';
