// One read per block (issue 27, item 13): a store refresh is one JSON-RPC request on a real chain 88,
// for a user with a cache, a rewards-pool deposit, an FTX stake and FETH in the swap queue, so that
// every part of the refresh (lending, liquid staking, fee wallets) is in it. The requests are
// counted where they leave the client: the HTTP bodies of the protocol's own client, and a
// counting transport under a plain viem client without multicall batching.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositData, generateMnemonic } from '@payd/validator-keys';
import { createPublicClient, http, type PublicClient, type Transport } from 'viem';
import { createProtocolClient } from './connection/client.ts';
import { connectReadOnly, connectSigner, type SignerConnection } from './connection/connection.ts';
import { FEE_WALLET_CHECK_MS, StateReader } from './reads/readState.ts';
import { createChainStore } from './store/createChainStore.ts';
import { startLocalChain, type LocalChain } from './testing/localChain.ts';
import { openCache } from './writes/cacheWrites.ts';
import {
  addPoolValidators,
  depositFETH,
  depositMultipleValidators,
  toValidatorDepositData,
} from './writes/poolWrites.ts';
import { approveFTXStaking, stakeFTX, transferFTX } from './writes/tokenWrites.ts';

let chain: LocalChain;
let user: SignerConnection;

beforeAll(async () => {
  chain = await startLocalChain();
  const connect = (i: number) =>
    connectSigner({
      walletClient: chain.wallet(i),
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
  const [owner, admin] = [await connect(0), await connect(1)];
  user = await connect(2);
  await (
    await openCache(user, { depositCollateral: 10, borrowPAYD: 5000, stakePAYD: 1000 })
  ).waitForSuccess();
  await (await transferFTX(owner, user.userAddress, 5000)).waitForSuccess();
  await (await approveFTXStaking(user)).waitForSuccess();
  await (await stakeFTX(user, 2000)).waitForSuccess();
  // one pool validator deposited for 32 FETH, 1 FETH of it queued for ETH
  const deposit = createDepositData({
    mnemonic: generateMnemonic(),
    startIndex: 0,
    count: 1,
    withdrawalAddress: chain.deployment.addresses.validatorPool,
    network: 'payd-devnet',
  }).map(toValidatorDepositData);
  await (await addPoolValidators(admin, deposit)).waitForSuccess();
  await (await depositMultipleValidators(user, 1)).waitForSuccess();
  await (await depositFETH(user, 1)).waitForSuccess();
}, 120_000);

afterAll(async () => {
  await chain?.close();
});

/** The JSON-RPC methods in the HTTP bodies sent so far (a batch body counts each request). */
function httpCounter() {
  const bodies: Promise<string>[] = [];
  return {
    onFetchRequest: (request: Request) => {
      bodies.push(request.clone().text());
    },
    async methods(): Promise<string[]> {
      const texts = await Promise.all(bodies.splice(0));
      return texts.flatMap((text) => [JSON.parse(text) as { method: string }].flat().map((r) => r.method));
    },
  };
}

/** A transport that records the method of every JSON-RPC request it sends. */
function countingTransport(inner: Transport, methods: string[]): Transport {
  return (options) => {
    const transport = inner(options);
    return {
      ...transport,
      request: ((args: { method: string }) => {
        methods.push(args.method);
        return transport.request(args as never);
      }) as typeof transport.request,
    };
  };
}

describe('one read per block', () => {
  it("refreshes the store with one eth_call over the protocol's client", async () => {
    const counter = httpCounter();
    const client = createProtocolClient({
      deployment: chain.deployment,
      rpcUrl: chain.devnet.url,
      onFetchRequest: counter.onFetchRequest,
    });
    const connection = await connectReadOnly({
      publicClient: client,
      deployment: chain.deployment,
      userAddress: user.userAddress,
    });
    const store = createChainStore(connection, { watchBlocks: false });
    await store.start(); // the first load also learns the constants and fee wallet addresses
    store.stop();
    await counter.methods();
    for (let i = 0; i < 3; i++) {
      await store.refresh();
      expect(await counter.methods()).toEqual(['eth_call']);
    }
    const { cache, stabilityDeposit, ftxStake, fethBalance } = store.state;
    expect([cache, stabilityDeposit, ftxStake].some((part) => part.isEmpty)).toBe(false);
    expect(fethBalance.toString()).toBe('31');
  }, 60_000);

  it('reads the state with one request over a client without multicall batching, wallet check included', async () => {
    const methods: string[] = [];
    const plain = createPublicClient({ transport: countingTransport(http(chain.devnet.url), methods) });
    const connection = await connectReadOnly({
      publicClient: plain as PublicClient,
      deployment: chain.deployment,
      userAddress: user.userAddress,
    });
    let now = 0;
    const reader = new StateReader(connection, () => now);
    await reader.read(); // constants and the fee wallet addresses
    methods.length = 0;
    const state = await reader.read(); // every block: the fee wallets' balances too
    expect(methods).toEqual(['eth_call']);
    now += FEE_WALLET_CHECK_MS; // the largest refresh: the fee wallet addresses checked again
    await reader.read();
    expect(methods).toEqual(['eth_call', 'eth_call']);
    // the per-user pool reads answer the user's FETH and queue entry
    expect(state.fethBalance.toString()).toBe('31');
    expect(state.fethSwapDeposit.toString()).toBe('1');
    expect(state.fethQueuePosition.position).toBe(1);
  }, 60_000);
});
