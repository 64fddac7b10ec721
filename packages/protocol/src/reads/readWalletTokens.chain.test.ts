// The wallet strip's token balances on a real chain 88 (the devnet in process, contracts
// deployed as the deploy script does it; account 0 holds all FTX).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { connectSigner } from '../connection/connection.ts';
import { startLocalChain, type LocalChain } from '../testing/localChain.ts';
import { transferFTX } from '../writes/tokenWrites.ts';
import { readWalletTokens } from './readWalletTokens.ts';

let chain: LocalChain;

beforeAll(async () => {
  chain = await startLocalChain();
}, 180_000);
afterAll(async () => {
  await chain?.close();
});

describe('readWalletTokens', { timeout: 60_000 }, () => {
  it('reads a wallet’s FTX and PAYD: nothing for a new one, then what was sent to it', async () => {
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const read = () =>
      readWalletTokens({ client: chain.publicClient, addresses: chain.deployment.addresses, owner });
    expect(await read()).toEqual({ ftx: 0n, payd: 0n });

    const holder = await connectSigner({
      walletClient: chain.wallet(0),
      publicClient: chain.publicClient,
      deployment: chain.deployment,
    });
    const sent = await transferFTX(holder, owner, '12.5');
    await sent.waitForSuccess();
    expect(await read()).toEqual({ ftx: 12_500_000_000_000_000_000n, payd: 0n });
  });
});
