// SupportRequestWs (screen 20, entity SupportRequest51): customers file requests and see their
// own; operators and admins handle them; KYC reviewers read them.
import { defineScreen } from '../framework/definition.ts';
import { datetime, lookup, num, ref, text, userSource } from '../framework/columns.ts';
import { Role } from '../framework/roles.ts';

export const supportRequestScreen = defineScreen({
  screenId: 20,
  service: 'SupportRequest',
  entity: 'SupportRequest51',
  title: 'Support Requests',
  master: {
    table: 'support_request',
    owner: { userColumn: 'user_id' },
    columns: [
      num('SupportRequestId51', 'support_request_id', 'Request Id', { system: 'key' }),
      lookup('UserId51', 'user_id', 'User', userSource, {
        system: 'owner',
        required: true,
      }),
      lookup('KycPersonId51', 'kyc_person_id', 'Person', {
        table: 'kyc_person',
        key: 'kyc_person_id',
        label: 'name',
        ownerColumn: 'input_for',
      }),
      lookup('KycCorpId51', 'kyc_corp_id', 'Corporate', {
        table: 'kyc_corporate',
        key: 'kyc_corp_id',
        label: 'name',
        ownerColumn: 'input_for',
      }),
      ref('RequestTypeId51', 'request_type_id', 'Request Type', 'requestType', {
        required: true,
        requiredMessage: 'Please select a request type.',
      }),
      text('RequestInfo51', 'request_info', 'Request Information', {
        required: true,
        requiredMessage: 'Please enter the request information.',
        maxLength: 4000,
      }),
      datetime('InputOn51', 'input_on', 'Input On', { system: 'inputOn' }),
      num('RowVersion51', 'row_version', 'Version', { system: 'rowVersion' }),
    ],
  },
  searchList: {
    label: 'RequestTypeId51',
    labelR: 'InputOn51',
    detail: 'RequestInfo51',
    detailR: 'UserId51',
    search: ['RequestInfo51', 'RequestTypeId51'],
    orderBy: 'SupportRequestId51',
  },
  access: [
    { roles: 'customers', rows: 'own', allowAdd: true, allowUpd: false, allowDel: false, viewOnly: false },
    {
      roles: [Role.kycReviewer],
      rows: 'all',
      allowAdd: false,
      allowUpd: false,
      allowDel: false,
      viewOnly: true,
    },
    {
      roles: [Role.operator],
      rows: 'all',
      allowAdd: false,
      allowUpd: true,
      allowDel: false,
      viewOnly: false,
    },
    { roles: [Role.admin], rows: 'all', allowAdd: true, allowUpd: true, allowDel: true, viewOnly: false },
  ],
  criteria: [
    {
      id: 1,
      column: 'RequestTypeId51',
      label: 'Request Type',
      dropdown: { kind: 'ref', cat: 'requestType' },
    },
  ],
  filters: [{ id: 1, label: 'Liveness issues', column: 'RequestTypeId51', in: ['LIV'] }],
});
