// The access matrix of a record a customer keeps and KYC reviewers review, in one place: the
// customer reaches their own record (adds and changes it, never deletes it), KYC reviewers change
// any record, operators look, admins act on any record. KycPersonWs and KycCorporateWs use it as
// it is; StakeWalletAddressWs (staking/screens.ts) with admins reviewing like reviewers.
import type { AccessRule } from '../framework/definition.ts';
import { Role } from '../framework/roles.ts';

const customersOwn: AccessRule = {
  roles: 'customers',
  rows: 'own',
  allowAdd: true,
  allowUpd: true,
  allowDel: false,
  viewOnly: false,
};
const reviews = { rows: 'all', allowAdd: false, allowUpd: true, allowDel: false, viewOnly: false } as const;
const operatorsLook: AccessRule = {
  roles: [Role.operator],
  rows: 'all',
  allowAdd: false,
  allowUpd: false,
  allowDel: false,
  viewOnly: true,
};
const adminsAll: AccessRule = {
  roles: [Role.admin],
  rows: 'all',
  allowAdd: true,
  allowUpd: true,
  allowDel: true,
  viewOnly: false,
};

/**
 * `admins: 'all'` (the KYC records): admins add, change and delete any record;
 * `admins: 'review'` (wallet registrations): admins change records as reviewers do.
 */
export function reviewedRecordAccess(admins: 'all' | 'review'): readonly AccessRule[] {
  return admins === 'all'
    ? [customersOwn, { roles: [Role.kycReviewer], ...reviews }, operatorsLook, adminsAll]
    : [customersOwn, { roles: [Role.kycReviewer, Role.admin], ...reviews }, operatorsLook];
}
