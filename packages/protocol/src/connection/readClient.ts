// The light public client of the lending pages: the same chain, transport, 10 ms batching of reads
// into one multicall and polling as createProtocolClient, with only the read actions this package
// calls on a client (readClient.test.ts checks the list against the sources). Contract reads and
// multicalls are encoded and decoded here and sent as one eth_call to multicall3's aggregate3:
// viem's own readContract and multicall go through its `call`, which carries deployless-call
// bytecode, state overrides and transaction formatting the pages never use (issue 27, item 14).
// The rarer actions (logs, blocks, receipts, a refused read's error) load viem's on first use.
import {
  createClient,
  decodeFunctionResult,
  encodeFunctionData,
  numberToHex,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { getBlockNumber, getChainId, watchBlockNumber } from 'viem/actions';
import { multicall3Abi } from '../abi/readAbis.ts';
import { READ_BATCH_DELAY_MS, READ_BATCH_MAX_BYTES } from '../model/constants.ts';
import { protocolChain, protocolTransport, type ProtocolClientParameters } from './transport.ts';

type BaseClient = ReturnType<typeof createBaseClient>;

function createBaseClient(params: ProtocolClientParameters) {
  return createClient({
    chain: protocolChain(params),
    transport: protocolTransport(params),
    batch: { multicall: { wait: READ_BATCH_DELAY_MS, batchSize: READ_BATCH_MAX_BYTES } },
    pollingInterval: 1000,
    type: 'publicClient',
  });
}

let moreActions: Promise<typeof import('./readClientMore.ts')> | undefined;
/** viem's actions for what this client does not do itself, loaded on first use. */
const more = () => (moreActions ??= import('./readClientMore.ts'));
type MoreName = keyof Awaited<ReturnType<typeof more>>;
const later =
  (name: MoreName) =>
  async (client: BaseClient, args: unknown): Promise<unknown> =>
    ((await more())[name] as (c: BaseClient, a: unknown) => Promise<unknown>)(client, args);

/** One contract read as viem's readContract and multicall take it. */
interface ContractRead {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

interface BlockParameters {
  blockNumber?: bigint;
  blockTag?: string;
}

interface Aggregate3Result {
  success: boolean;
  returnData: Hex;
}

const blockOf = (p: BlockParameters): string =>
  p.blockNumber !== undefined ? numberToHex(p.blockNumber) : (p.blockTag ?? 'latest');

/** Splits calls into runs of at most `batchSize` bytes of calldata (as viem's multicall does). */
function chunks<T extends { callData: Hex }>(calls: T[], batchSize: number): T[][] {
  const out: T[][] = [[]];
  let size = 0;
  for (const c of calls) {
    size += (c.callData.length - 2) / 2;
    if (batchSize > 0 && size > batchSize && out[out.length - 1]!.length > 0) {
      out.push([]);
      size = (c.callData.length - 2) / 2;
    }
    out[out.length - 1]!.push(c);
  }
  return out;
}

/** One eth_call of multicall3's aggregate3 over `calls`, each allowed to fail. */
async function aggregate3(
  client: BaseClient,
  multicall: Address,
  calls: { target: Address; callData: Hex }[],
  block: string,
): Promise<readonly Aggregate3Result[]> {
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [calls.map((c) => ({ target: c.target, allowFailure: true, callData: c.callData }))],
  });
  const raw = (await client.request({
    method: 'eth_call',
    params: [{ to: multicall, data }, block] as never,
  })) as Hex;
  return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: raw });
}

const multicallOf = (client: BaseClient): Address => client.chain.contracts!.multicall3!.address;

/** The value of one read from its aggregate3 result; a refused read asks again through viem for
 * its error (a ContractFunctionExecutionError with the revert reason, as viem's readContract). */
async function resultOf(client: BaseClient, read: ContractRead & BlockParameters, r: Aggregate3Result) {
  if (r.success && r.returnData !== '0x')
    return decodeFunctionResult({ ...read, data: r.returnData } as never) as unknown;
  return later('readContract')(client, read);
}

interface MulticallParameters extends BlockParameters {
  contracts: readonly ContractRead[];
  allowFailure?: boolean;
  multicallAddress?: Address;
  batchSize?: number;
}

type MulticallResult = { status: 'success'; result: unknown } | { status: 'failure'; error: unknown };

async function multicall(client: BaseClient, p: MulticallParameters): Promise<unknown[]> {
  const allowFailure = p.allowFailure ?? true;
  const encoded = p.contracts.map((read, index) => {
    try {
      return { index, target: read.address, callData: encodeFunctionData(read as never) as Hex };
    } catch (error) {
      if (!allowFailure) throw error;
      return { index, error };
    }
  });
  const results: MulticallResult[] = [];
  const sendable = encoded.filter(
    (e): e is { index: number; target: Address; callData: Hex } => 'callData' in e,
  );
  for (const e of encoded) if ('error' in e) results[e.index] = { status: 'failure', error: e.error };
  const multicallAddress = p.multicallAddress ?? multicallOf(client);
  const batches = chunks(sendable, p.batchSize ?? READ_BATCH_MAX_BYTES);
  const replies = await Promise.all(batches.map((b) => aggregate3(client, multicallAddress, b, blockOf(p))));
  await Promise.all(
    batches.flatMap((batch, i) =>
      batch.map(async (call, j) => {
        const read = { ...p.contracts[call.index]!, blockNumber: p.blockNumber, blockTag: p.blockTag };
        try {
          results[call.index] = { status: 'success', result: await resultOf(client, read, replies[i]![j]!) };
        } catch (error) {
          if (!allowFailure) throw error;
          results[call.index] = { status: 'failure', error };
        }
      }),
    ),
  );
  return allowFailure ? results : results.map((r) => (r as { result: unknown }).result);
}

interface Waiting {
  read: ContractRead;
  callData: Hex;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** readContract: reads asked within READ_BATCH_DELAY_MS of each other go out as one aggregate3. */
function batchedReadContract(client: BaseClient) {
  let waiting: Waiting[] = [];
  const flush = () => {
    const all = waiting;
    waiting = [];
    for (const batch of chunks(all, READ_BATCH_MAX_BYTES)) {
      const calls = batch.map((w) => ({ target: w.read.address, callData: w.callData }));
      aggregate3(client, multicallOf(client), calls, 'latest').then(
        (replies) => {
          batch.forEach((w, i) => void resultOf(client, w.read, replies[i]!).then(w.resolve, w.reject));
        },
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      );
    }
  };
  return (c: BaseClient, args: ContractRead & Record<string, unknown>): Promise<unknown> => {
    const { address, abi, functionName, args: fnArgs, ...rest } = args;
    // a read at a block, from an account or with overrides: viem's own readContract
    if (Object.values(rest).some((v) => v !== undefined)) return later('readContract')(c, args);
    const read = { address, abi, functionName, args: fnArgs };
    let callData: Hex;
    try {
      callData = encodeFunctionData(read as never);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      if (waiting.length === 0) setTimeout(flush, READ_BATCH_DELAY_MS);
      waiting.push({ read, callData, resolve, reject });
    });
  };
}

/** The actions the read client carries, by the name viem's public client gives them. */
export const READ_CLIENT_ACTIONS = {
  call: later('call'),
  getBlock: later('getBlock'),
  getBlockNumber,
  getChainId,
  getCode: later('getCode'),
  getContractEvents: later('getContractEvents'),
  getLogs: later('getLogs'),
  getStorageAt: later('getStorageAt'),
  getTransaction: later('getTransaction'),
  getTransactionCount: later('getTransactionCount'),
  getTransactionReceipt: later('getTransactionReceipt'),
  multicall,
  readContract: later('readContract'),
  watchBlockNumber,
} as const;

/**
 * A public client with the read actions only. Typed as viem's PublicClient so that connections
 * take it; the actions it lacks (verifyMessage, createEventFilter, ...) are never called here.
 */
export function createProtocolReadClient(params: ProtocolClientParameters): PublicClient {
  const client = createBaseClient(params);
  const actions: Record<string, (args: never) => unknown> = Object.fromEntries(
    Object.entries({ ...READ_CLIENT_ACTIONS, readContract: batchedReadContract(client) }).map(
      ([name, action]) => [
        name,
        (args: never) => (action as (c: BaseClient, a: never) => unknown)(client, args),
      ],
    ),
  );
  return client.extend(() => actions) as unknown as PublicClient;
}
