// For tests: an HTTP server that answers the standard Beacon API from recorded answers
// (electraHead.json, in the beacon-APIs shapes), filtering `validators` by `id` and `status` as a node
// does. `activeFill` adds that many active validators of 2048 ETH to the state (only the total active
// balance reads them), so the consolidation churn of a mainnet-sized chain can be recorded compactly.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ValidatorJson {
  index: string;
  balance: string;
  status: string;
  validator: Record<string, unknown> & { pubkey: string; effective_balance: string };
}

export const recordedHead = JSON.parse(
  readFileSync(new URL('./electraHead.json', import.meta.url), 'utf8'),
) as {
  genesis: unknown;
  spec: unknown;
  head: unknown;
  validators: ValidatorJson[];
  pending_partial_withdrawals: unknown;
  pending_consolidations: unknown;
};

export interface RecordedBeaconNode {
  url: string;
  /** Paths asked, in order. */
  asked: string[];
  /** Active validators of 2048 ETH added to the recorded ones. */
  activeFill: number;
  close(): Promise<void>;
}

const GENERAL: Record<string, string[]> = {
  active: ['active_ongoing', 'active_exiting', 'active_slashed'],
  pending: ['pending_initialized', 'pending_queued'],
};

function validators(node: RecordedBeaconNode, query: URLSearchParams): ValidatorJson[] {
  const filler = Array.from({ length: node.activeFill }, (_, i) => ({
    index: String(1000 + i),
    balance: '2048000000000',
    status: 'active_ongoing',
    validator: { pubkey: `0xf${String(i).padStart(95, '0')}`, effective_balance: '2048000000000' },
  }));
  const ids = query
    .get('id')
    ?.split(',')
    .map((s) => s.toLowerCase());
  const statuses = query.getAll('status').flatMap((s) => GENERAL[s] ?? [s]);
  return [...recordedHead.validators, ...filler].filter(
    (v) =>
      (!ids || ids.includes(v.index) || ids.includes(v.validator.pubkey.toLowerCase())) &&
      (!statuses.length || statuses.includes(v.status)),
  );
}

function answer(node: RecordedBeaconNode, path: string, query: URLSearchParams): unknown {
  const state = '/eth/v1/beacon/states/head/';
  if (path === '/eth/v1/beacon/genesis') return recordedHead.genesis;
  if (path === '/eth/v1/config/spec') return recordedHead.spec;
  if (path === '/eth/v1/beacon/headers/head') return recordedHead.head;
  if (path === `${state}validators`)
    return { execution_optimistic: false, finalized: false, data: validators(node, query) };
  if (path === `${state}pending_partial_withdrawals`) return recordedHead.pending_partial_withdrawals;
  if (path === `${state}pending_consolidations`) return recordedHead.pending_consolidations;
  return null;
}

export async function startRecordedBeaconNode(): Promise<RecordedBeaconNode> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://node');
    node.asked.push(url.pathname);
    const body = req.method === 'GET' ? answer(node, url.pathname, url.searchParams) : null;
    res.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { code: 404, message: `Route not found: ${url.pathname}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const node: RecordedBeaconNode = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked: [],
    activeFill: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return node;
}
