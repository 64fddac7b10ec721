// Pays ETH into chain 88 through a dev-only pool contract: installs the pool's code on first use,
// tops its payer up with `hardhat_setBalance` (journaled by the devnet like the faucet), sends one
// transaction carrying the record and the value and waits for its block. The withdrawal pool
// (EIP-4895) and the execution-rewards pool use it, each with its own payer account, so their
// nonces never race.
import {
  createWalletClient,
  defineChain,
  http,
  keccak256,
  parseEther,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEPOSIT_CHAIN_ID } from './config.ts';

/** What a pool payer pays through. */
export interface PoolPayerOptions {
  /** The pool contract's address on chain 88. */
  pool: Address;
  /** Its runtime code (installed with hardhat_setCode when the address has none). */
  code: Hex;
  /** Public phrase whose keccak256 is the payer's dev-only key. */
  keyPhrase: string;
}

/** The address that pays for a pool whose key comes from `keyPhrase`. */
export const poolPayerAddress = (keyPhrase: string): Address =>
  privateKeyToAccount(keccak256(toHex(keyPhrase))).address;

export class PoolPayer {
  private readonly client: PublicClient;
  private readonly options: PoolPayerOptions;
  private readonly account;
  private readonly wallet;

  constructor(client: PublicClient, rpcUrl: string, options: PoolPayerOptions) {
    this.client = client;
    this.options = options;
    this.account = privateKeyToAccount(keccak256(toHex(options.keyPhrase)));
    const chain = defineChain({
      id: Number(DEPOSIT_CHAIN_ID),
      name: 'payd devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    this.wallet = createWalletClient({ account: this.account, chain, transport: http(rpcUrl) });
  }

  /** Sends `value` wei with the record `data` to the pool and waits for its block. */
  async pay(data: Hex, value: bigint): Promise<Hex> {
    const { client } = this;
    const { pool, code } = this.options;
    if ((await client.getCode({ address: pool })) === undefined)
      await client.request({ method: 'hardhat_setCode' as never, params: [pool, code] as never });
    // Only this payer spends from its account, so reading and then setting its balance is safe.
    const balance = await client.getBalance({ address: this.account.address });
    if (balance < value + parseEther('0.1'))
      await client.request({
        method: 'hardhat_setBalance' as never,
        params: [this.account.address, toHex(balance + value + parseEther('1'))] as never,
      });
    const hash = await this.wallet.sendTransaction({ to: pool, data, value });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success') throw new Error(`the payment ${hash} to ${pool} reverted`);
    return hash;
  }
}
