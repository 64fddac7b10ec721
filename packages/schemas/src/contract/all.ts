// Every method contract of payd, gathered from the areas' contract files: the API reference
// (OpenAPI) and the server's check that every registered method has a contract read this list.
import * as alerts from '../alerts/alertBodies.ts';
import * as auth from '../auth/contracts.ts';
import * as backoffice from '../backoffice/contracts.ts';
import * as billing from '../billing/contracts.ts';
import * as framework from '../framework/contracts.ts';
import * as kyc from '../kyc/contracts.ts';
import * as liquid from '../liquid/contracts.ts';
import * as staking from '../staking/contracts.ts';
import { screenContractList, type ScreenShape } from '../framework/contracts.ts';
import type { MethodContract } from './contract.ts';

const isContract = (v: unknown): v is MethodContract =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as MethodContract).service === 'string' &&
  typeof (v as MethodContract).method === 'string' &&
  'reply' in v &&
  'body' in v;

/** Each area's contracts, by area. */
export const contractAreas = { alerts, auth, backoffice, billing, framework, kyc, liquid, staking } as const;

/**
 * Every contract, in area order, then those of the given screens (the generic screen framework's
 * methods, one set per screen: the server lists the screens it serves with servedScreens(),
 * server/src/framework/methods.ts). A screen method an area replaces by its own contract (a
 * service's own SaveData) is listed once, as the area's.
 */
export function allContracts(screens: readonly ScreenShape[] = []): MethodContract[] {
  const areas = Object.values(contractAreas).flatMap((area) =>
    (Object.values(area) as unknown[]).filter(isContract),
  );
  const named = new Set(areas.map((c) => `${c.service}.${c.method}`));
  const fromScreens = screens
    .flatMap((s) => screenContractList(s) as MethodContract[])
    .filter((c) => !named.has(`${c.service}.${c.method}`) && named.add(`${c.service}.${c.method}`));
  return [...areas, ...fromScreens];
}
