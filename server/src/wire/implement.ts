// A method implemented from its contract (packages/schemas, contract/contract.ts): the contract
// gives the path, the body schema, the caller rule and the reply schema; the handler's result is
// checked against the reply type by tsc (no field the reply does not name) and, where the server
// runs with checkReplies (every server test), against the reply schema at run time.
import type { z } from 'zod';
import type { Exact, MethodContract } from '@payd/schemas';
import { defineMethod, type MethodContext, type MethodDefinition } from './method.ts';

export interface ImplementOptions {
  /** Per-IP limit of this method (on top of any per-account counters the handler keeps). */
  rateLimit?: { max: number; timeWindow: number };
  /** Largest accepted body in bytes (default 1 MiB); uploads raise it. */
  bodyLimit?: number;
}

/** The handler of contract C: takes the parsed body, answers the reply's shape and nothing more. */
export type ContractHandler<C extends MethodContract, O extends z.input<C['reply']>> = (
  body: z.output<C['body']>,
  ctx: MethodContext,
) => Promise<O & Exact<O, z.input<C['reply']>>>;

export function implement<C extends MethodContract, O extends z.input<C['reply']>>(
  contract: C,
  handler: ContractHandler<C, O>,
  options: ImplementOptions = {},
): MethodDefinition {
  return defineMethod({
    service: contract.service,
    method: contract.method,
    body: contract.body,
    auth: contract.auth,
    contract,
    ...options,
    handler: handler as MethodDefinition['handler'],
  });
}
