// Every method contract of payd, gathered from the areas' contract files: the API reference
// (OpenAPI) and the server's check that every registered method has a contract read this list.
import * as auth from '../auth/contracts.ts';
import * as backoffice from '../backoffice/contracts.ts';
import * as billing from '../billing/contracts.ts';
import * as framework from '../framework/contracts.ts';
import * as kyc from '../kyc/contracts.ts';
import * as liquid from '../liquid/contracts.ts';
import * as staking from '../staking/contracts.ts';
import type { MethodContract } from './contract.ts';

const isContract = (v: unknown): v is MethodContract =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as MethodContract).service === 'string' &&
  typeof (v as MethodContract).method === 'string' &&
  'reply' in v &&
  'body' in v;

/** Each area's contracts, by area. */
export const contractAreas = { auth, backoffice, billing, framework, kyc, liquid, staking } as const;

/** Every contract, in area order. */
export function allContracts(): MethodContract[] {
  return Object.values(contractAreas).flatMap((area) =>
    (Object.values(area) as unknown[]).filter(isContract),
  );
}
