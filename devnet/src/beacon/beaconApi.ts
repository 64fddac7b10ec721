// The standard Beacon API (the subset payd uses) over the dev beacon node, in the spec's JSON
// shapes: numbers as decimal strings, `{ data, execution_optimistic, finalized }` envelopes and
// `{ code, message }` errors. One payd extension, POST /payd/v1/rewards, is documented in README.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sha256, toHex } from 'viem';
import type { BeaconState, Proposal, Validator, ValidatorStatus, Withdrawal } from './beaconState.ts';
import { startSlotOfEpoch } from './beaconState.ts';
import {
  ATTESTATION_REWARD_GWEI,
  DEPOSIT_CHAIN_ID,
  GENESIS_FORK_VERSION,
  GENESIS_VALIDATORS_ROOT,
  MAX_EFFECTIVE_BALANCE,
  specValues,
} from './config.ts';
import { BeaconApiError, DevBeaconNode, withdrawalKey } from './devBeaconNode.ts';
import { CONSENSUS_VERSION, electraQueue } from './electraApi.ts';
import type { PaidWithdrawal } from './withdrawalPool.ts';
import { executionRewardKey, feeRecipientOf, type PaidExecutionReward } from './executionRewards.ts';

const MAX_BODY_BYTES = 1024 * 1024;
const ZERO_SIGNATURE = `0x${'00'.repeat(96)}`;

/** Status filters: the specific statuses and the four general ones that group them. */
const STATUS_GROUPS: Record<string, ValidatorStatus[]> = {
  pending: ['pending_initialized', 'pending_queued'],
  active: ['active_ongoing', 'active_exiting', 'active_slashed'],
  exited: ['exited_unslashed', 'exited_slashed'],
  withdrawal: ['withdrawal_possible', 'withdrawal_done'],
};

/** A root for a slot: the dev chain has no blocks, so roots are sha256 of a label, stable per slot. */
export function blockRoot(slot: bigint): string {
  return sha256(toHex(`payd-devnet block ${slot}`));
}
function stateRoot(slot: bigint): string {
  return sha256(toHex(`payd-devnet state ${slot}`));
}

function validatorJson(v: Validator) {
  return {
    index: v.index.toString(),
    balance: v.balance.toString(),
    status: v.status,
    validator: {
      pubkey: v.pubkey,
      withdrawal_credentials: v.withdrawalCredentials,
      effective_balance: v.effectiveBalance.toString(),
      slashed: v.slashed,
      activation_eligibility_epoch: v.activationEligibilityEpoch.toString(),
      activation_epoch: v.activationEpoch.toString(),
      exit_epoch: v.exitEpoch.toString(),
      withdrawable_epoch: v.withdrawableEpoch.toString(),
    },
  };
}

/** A withdrawal with where chain 88 paid it (null while the payment is still to come). */
function withdrawalJson(w: Withdrawal, paid: ReadonlyMap<string, PaidWithdrawal>) {
  const payment = paid.get(withdrawalKey(w));
  return {
    index: w.index.toString(),
    validator_index: w.validatorIndex.toString(),
    address: w.address,
    amount: w.amountGwei.toString(),
    epoch: w.epoch.toString(),
    slot: w.slot.toString(),
    transaction_hash: payment?.txHash ?? null,
    block_number: payment ? payment.blockNumber.toString() : null,
  };
}

/** A proposal with its fee recipient and the chain-88 payment of its fees and MEV (null until made). */
function proposalJson(v: Validator, p: Proposal, paid: ReadonlyMap<string, PaidExecutionReward>) {
  const feeRecipient = feeRecipientOf(v.withdrawalCredentials);
  const payment =
    feeRecipient &&
    paid.get(
      executionRewardKey({
        slot: p.slot,
        validatorIndex: v.index,
        feeRecipient,
        feesGwei: p.executionFeesGwei,
        mevGwei: p.mevGwei,
      }),
    );
  return {
    slot: p.slot.toString(),
    epoch: p.epoch.toString(),
    execution_fees: p.executionFeesGwei.toString(),
    mev: p.mevGwei.toString(),
    fee_recipient: feeRecipient,
    transaction_hash: payment ? payment.txHash : null,
    block_number: payment ? payment.blockNumber.toString() : null,
  };
}

/** Validator ids from `id=a,b&id=c` or a JSON array; each an index or a 48-byte 0x pubkey. */
function validatorIds(raw: readonly unknown[]): string[] | null {
  const ids = raw.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '');
  for (const id of ids)
    if (typeof id !== 'string' || !(/^\d{1,20}$/.test(id) || /^0x[0-9a-fA-F]{96}$/.test(id))) return null;
  return ids as string[];
}

function statusFilter(raw: readonly unknown[]): Set<ValidatorStatus> | null {
  const names = raw.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x])).filter((x) => x !== '');
  const wanted = new Set<ValidatorStatus>();
  for (const name of names) {
    if (typeof name !== 'string') return null;
    const group = STATUS_GROUPS[name];
    if (group) group.forEach((s) => wanted.add(s));
    else if (Object.values(STATUS_GROUPS).some((g) => g.includes(name as ValidatorStatus)))
      wanted.add(name as ValidatorStatus);
    else return null;
  }
  return wanted;
}

function selectValidators(
  state: BeaconState,
  ids: string[] | null,
  statuses: Set<ValidatorStatus> | null,
): Validator[] {
  if (ids === null || statuses === null) throw new BeaconApiError(400, 'Invalid validator ID or status');
  const found =
    ids.length === 0
      ? state.validators()
      : ids.map((id) => state.find(id)).filter((v): v is Validator => v !== undefined);
  const unique = [...new Map(found.map((v) => [v.index, v])).values()];
  return statuses.size === 0 ? unique : unique.filter((v) => statuses.has(v.status));
}

function checkpoint(epoch: bigint) {
  return { epoch: epoch.toString(), root: blockRoot(startSlotOfEpoch(epoch)) };
}

function headerJson(state: BeaconState, slot: bigint) {
  const proposer = state.proposerAt(slot);
  return {
    root: blockRoot(slot),
    canonical: true,
    header: {
      message: {
        slot: slot.toString(),
        proposer_index: (proposer?.index ?? 0n).toString(),
        parent_root: slot === 0n ? `0x${'00'.repeat(32)}` : blockRoot(slot - 1n),
        state_root: stateRoot(slot),
        body_root: sha256(toHex(`payd-devnet body ${slot}`)),
      },
      signature: ZERO_SIGNATURE,
    },
  };
}

function parseEpoch(raw: unknown, what: string): bigint {
  if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw)) throw new BeaconApiError(400, `Invalid ${what}`);
  return BigInt(raw);
}

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

const ok = (body: unknown): Reply => ({ status: 200, body });

/** Answers one Beacon API request. */
export async function route(node: DevBeaconNode, req: Request): Promise<Reply> {
  const { method, path } = req;
  const parts = path.split('/').filter(Boolean);
  const reply =
    (await nodeRoute(node, req)) ??
    (parts.length >= 5 && path.startsWith('/eth/v1/beacon/states/')
      ? await stateRoute(node, req, parts)
      : undefined) ??
    (method === 'POST' ? await postRoute(node, req, parts) : undefined) ??
    (method === 'GET' && path === '/payd/v1/withdrawals' ? await withdrawalsRoute(node, req) : undefined);
  return reply ?? { status: 404, body: { code: 404, message: `Route not found: ${method} ${path}` } };
}

/** The node, genesis, config and header routes. */
async function nodeRoute(node: DevBeaconNode, req: Request): Promise<Reply | undefined> {
  const { method, path } = req;
  const parts = path.split('/').filter(Boolean);
  const get = method === 'GET';
  if (get && path === '/eth/v1/node/health') return { status: 200 };
  if (get && path === '/eth/v1/node/version') return ok({ data: { version: 'payd-dev-beacon/0.1.0' } });
  if (get && path === '/eth/v1/node/syncing') {
    const head = await node.head();
    return ok({
      data: {
        head_slot: head.slot.toString(),
        sync_distance: '0',
        is_syncing: false,
        is_optimistic: false,
        el_offline: false,
      },
    });
  }
  if (get && path === '/eth/v1/beacon/genesis')
    return ok({
      data: {
        genesis_time: (await node.genesisTime()).toString(),
        genesis_validators_root: GENESIS_VALIDATORS_ROOT,
        genesis_fork_version: GENESIS_FORK_VERSION,
      },
    });
  if (get && path === '/eth/v1/config/spec') return ok({ data: specValues(node.depositContract) });
  if (get && path === '/eth/v1/config/deposit_contract')
    return ok({ data: { chain_id: DEPOSIT_CHAIN_ID.toString(), address: node.depositContract } });

  // /eth/v1/beacon/headers/{block_id}
  if (get && parts.length === 5 && path.startsWith('/eth/v1/beacon/headers/')) {
    const id = parts[4]!;
    const { state, finalized, head } = await node.state(id === 'head' ? 'head' : id === 'genesis' ? '0' : id);
    return ok({ execution_optimistic: false, finalized, data: headerJson(head, state.slot) });
  }
  return undefined;
}

/** /eth/v1/beacon/states/{state_id}/... */
async function stateRoute(node: DevBeaconNode, req: Request, parts: string[]): Promise<Reply | undefined> {
  const { method, query } = req;
  const get = method === 'GET';
  const { state, finalized } = await node.state(parts[4]!);
  const envelope = (data: unknown) => ok({ execution_optimistic: false, finalized, data });
  const what = parts.slice(5).join('/');
  const queue = get ? electraQueue(state, what) : undefined;
  if (queue)
    return {
      ...ok({ version: CONSENSUS_VERSION, execution_optimistic: false, finalized, data: queue }),
      headers: { 'eth-consensus-version': CONSENSUS_VERSION },
    };
  if (get && what === 'root') return envelope({ root: stateRoot(state.slot) });
  if (get && what === 'fork')
    return envelope({
      previous_version: specValues('').DENEB_FORK_VERSION,
      current_version: specValues('').ELECTRA_FORK_VERSION,
      epoch: '0',
    });
  if (get && what === 'finality_checkpoints') {
    const finalizedEpoch = DevBeaconNode.finalizedEpoch(state);
    return envelope({
      previous_justified: checkpoint(state.epoch >= 2n ? state.epoch - 2n : 0n),
      current_justified: checkpoint(state.epoch >= 1n ? state.epoch - 1n : 0n),
      finalized: checkpoint(finalizedEpoch),
    });
  }
  if (what === 'validators' && (get || method === 'POST')) {
    const body = (req.body ?? {}) as { ids?: unknown; statuses?: unknown };
    const ids = get ? query.getAll('id') : Array.isArray(body.ids) ? body.ids : [];
    const statuses = get ? query.getAll('status') : Array.isArray(body.statuses) ? body.statuses : [];
    return envelope(selectValidators(state, validatorIds(ids), statusFilter(statuses)).map(validatorJson));
  }
  if (get && parts.length === 7 && parts[5] === 'validators') {
    const ids = validatorIds([parts[6]!]);
    if (!ids || ids.length !== 1) throw new BeaconApiError(400, `Invalid validator ID: ${parts[6]}`);
    const v = state.find(ids[0]!);
    if (!v) throw new BeaconApiError(404, 'Validator not found');
    return envelope(validatorJson(v));
  }
  if (what === 'validator_balances' && (get || method === 'POST')) {
    const ids = get ? query.getAll('id') : Array.isArray(req.body) ? req.body : [];
    return envelope(
      selectValidators(state, validatorIds(ids), new Set()).map((v) => ({
        index: v.index.toString(),
        balance: v.balance.toString(),
      })),
    );
  }
  return undefined;
}

/** The POST routes: voluntary exits, attestation rewards, payd's rewards extension and dev offline switch. */
async function postRoute(node: DevBeaconNode, req: Request, parts: string[]): Promise<Reply | undefined> {
  const { path } = req;
  if (path === '/eth/v1/beacon/pool/voluntary_exits') {
    await node.submitVoluntaryExit(req.body);
    return { status: 200 };
  }
  if (parts.length === 6 && path.startsWith('/eth/v1/beacon/rewards/attestations/'))
    return attestationRewards(node, req, parts);
  if (path === '/payd/v1/rewards') return paydRewards(node, req);
  if (path === '/payd/v1/dev/offline') return devOffline(node, req);
  return undefined;
}

/** Dev control: POST /payd/v1/dev/offline { "validator": "<index or 0x pubkey>", "offline": true|false }. */
async function devOffline(node: DevBeaconNode, req: Request): Promise<Reply> {
  const body = (req.body ?? {}) as { validator?: unknown; offline?: unknown };
  if (typeof body.validator !== 'string' || typeof body.offline !== 'boolean')
    throw new BeaconApiError(
      400,
      'expected { "validator": "<index or 0x pubkey>", "offline": true | false }',
    );
  const done = await node.switchOffline(body.validator, body.offline);
  return ok({
    data: {
      validator_index: done.index.toString(),
      offline: body.offline,
      transaction_hash: done.txHash,
    },
  });
}

/** POST /eth/v1/beacon/rewards/attestations/{epoch} */
async function attestationRewards(node: DevBeaconNode, req: Request, parts: string[]): Promise<Reply> {
  const epoch = parseEpoch(parts[5], 'epoch');
  const head = await node.head();
  if (epoch >= head.epoch) throw new BeaconApiError(404, `Epoch ${epoch} has not ended yet`);
  const ids = validatorIds(Array.isArray(req.body) ? req.body : []);
  const state = (await node.state(startSlotOfEpoch(epoch + 1n).toString())).state;
  const validators = selectValidators(state, ids, new Set()).filter(
    (v) => v.activationEpoch <= epoch && epoch < v.exitEpoch,
  );
  const zero = { head: '0', target: '0', source: '0', inactivity: '0' };
  return ok({
    execution_optimistic: false,
    finalized: epoch < DevBeaconNode.finalizedEpoch(head),
    data: {
      ideal_rewards: [
        {
          effective_balance: MAX_EFFECTIVE_BALANCE.toString(),
          head: ATTESTATION_REWARD_GWEI.head.toString(),
          target: ATTESTATION_REWARD_GWEI.target.toString(),
          source: ATTESTATION_REWARD_GWEI.source.toString(),
          inclusion_delay: '0',
          inactivity: '0',
        },
      ],
      total_rewards: validators.map((v) => {
        const r = state.attestationRewards(v.index.toString(), epoch);
        return r.head + r.target + r.source !== 0n
          ? {
              validator_index: v.index.toString(),
              head: r.head.toString(),
              target: r.target.toString(),
              source: r.source.toString(),
              inactivity: '0',
            }
          : { validator_index: v.index.toString(), ...zero };
      }),
    },
  });
}

/** payd extension: everything a validator earned over an epoch range, in one call. */
async function paydRewards(node: DevBeaconNode, req: Request): Promise<Reply> {
  const body = (req.body ?? {}) as {
    validators?: unknown;
    from_epoch?: unknown;
    to_epoch?: unknown;
    state_id?: unknown;
  };
  const from = parseEpoch(body.from_epoch, 'from_epoch');
  const to = parseEpoch(body.to_epoch, 'to_epoch');
  if (to < from) throw new BeaconApiError(400, 'to_epoch must not be before from_epoch');
  // A block's fees and MEV are paid with it: what is reported has reached the fee recipient.
  await node.payExecutionRewards();
  const paidRewards = await node.paidExecutionRewards();
  const { state: head, finalized } = await node.state(
    typeof body.state_id === 'string' ? body.state_id : 'head',
  );
  const paid = await node.paidWithdrawals();
  const validators = selectValidators(
    head,
    validatorIds(Array.isArray(body.validators) ? body.validators : []),
    new Set(),
  );
  return ok({
    execution_optimistic: false,
    finalized,
    data: validators.map((v) => {
      const id = v.index.toString();
      const proposals = head.proposals(id, from, to);
      const withdrawals = head.withdrawals(id, from, to);
      return {
        validator_index: id,
        pubkey: v.pubkey,
        consensus_rewards: head.consensusRewards(id, from, to).toString(),
        execution_fees: proposals.reduce((s, p) => s + p.executionFeesGwei, 0n).toString(),
        mev: proposals.reduce((s, p) => s + p.mevGwei, 0n).toString(),
        proposals: proposals.map((p) => proposalJson(v, p, paidRewards)),
        withdrawals: withdrawals.map((w) => withdrawalJson(w, paid)),
      };
    }),
  });
}

/** payd extension: the withdrawals the sweep made (EIP-4895), with the chain-88 payment of each. */
async function withdrawalsRoute(node: DevBeaconNode, req: Request): Promise<Reply> {
  const { query } = req;
  const { state: head, finalized } = await node.state(query.get('state_id') ?? 'head');
  const ids = validatorIds(query.getAll('validator'));
  if (ids === null) throw new BeaconApiError(400, 'validator must be indices or 0x pubkeys');
  const address = query.get('address')?.toLowerCase();
  if (address !== undefined && !/^0x[0-9a-f]{40}$/.test(address))
    throw new BeaconApiError(400, 'address must be a 0x-prefixed 20-byte hex address');
  const indices = ids.length
    ? new Set(ids.map((id) => head.find(id)?.index).filter((i) => i !== undefined))
    : null;
  const paid = await node.paidWithdrawals();
  return ok({
    execution_optimistic: false,
    finalized,
    data: head
      .withdrawalsInOrder()
      .filter((w) => (!indices || indices.has(w.validatorIndex)) && (!address || w.address === address))
      .map((w) => withdrawalJson(w, paid)),
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BeaconApiError(413, 'Request body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The node:http handler of the Beacon API. */
export async function handle(node: DevBeaconNode, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('access-control-allow-origin', '*');
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-allow-headers', 'content-type');
    res.writeHead(204).end();
    return;
  }
  let reply: Reply;
  try {
    const url = new URL(req.url ?? '/', 'http://beacon');
    const text = req.method === 'POST' ? await readBody(req) : '';
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new BeaconApiError(400, 'Invalid JSON body');
      }
    }
    reply = await route(node, {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
    });
  } catch (error) {
    reply =
      error instanceof BeaconApiError
        ? { status: error.code, body: { code: error.code, message: error.message } }
        : {
            status: 500,
            body: {
              code: 500,
              message: `Internal error: ${error instanceof Error ? error.message : String(error)}`,
            },
          };
  }
  if (reply.body === undefined) res.writeHead(reply.status).end();
  else {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  }
}
