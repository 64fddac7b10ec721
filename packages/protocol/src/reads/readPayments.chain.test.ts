// What a payment transaction did, read from a real chain 88 (the devnet in process, every payd
// contract deployed): the server books a top-up only on this reading, so a payment mined a moment
// ago must count its confirmation even when the client still holds an older head from its cache.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectReadOnly, connectSigner } from '../connection/connection.ts';
import { startLocalChain, type LocalChain } from '../testing/index.ts';
import { sendETH } from '../writes/paymentWrites.ts';
import { readPaymentTransaction } from './readPayments.ts';

let chain: LocalChain;
beforeAll(async () => {
  chain = await startLocalChain();
}, 180_000);
afterAll(async () => {
  await chain?.close();
});

it('counts the confirmation of a payment mined after the client last read the head', async () => {
  const reader = await connectReadOnly({ publicClient: chain.publicClient, deployment: chain.deployment });
  const payer = await connectSigner({
    walletClient: chain.wallet(2),
    publicClient: chain.publicClient,
    deployment: chain.deployment,
  });
  // The client reads the head (viem keeps it for its polling interval), then the payment is mined.
  const head = await chain.publicClient.getBlockNumber();
  const sent = await sendETH(payer, chain.accounts[3]!, '1');
  const tx = await readPaymentTransaction(reader, sent.hash);
  expect(tx).toMatchObject({ found: true, mined: true, succeeded: true, confirmations: 1 });
  expect(await chain.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(head + 1n);
});
