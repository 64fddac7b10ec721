// The dev wallet's signing half: the local key's account (secp256k1) and a viem wallet client
// that sends its transactions. devWalletConnector.ts loads it on the first signature or
// transaction, so the pages behind the wallet gate do not download it.
import {
  createWalletClient,
  http,
  hexToBigInt,
  type Address,
  type Chain,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import { devAccount } from './devWallet.ts';

interface TxParams {
  to?: Address;
  data?: Hex;
  value?: Hex;
  gas?: Hex;
  nonce?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
}

/** The EIP-1193 methods the dev signer answers; the provider passes the others on. */
export type DevSignerMethod = 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction';

export interface DevSigner {
  address: Address;
  request(method: DevSignerMethod, params: unknown[]): Promise<Hex>;
}

export function createDevSigner(chain: Chain, rpcUrl: string): DevSigner {
  const account = devAccount();
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  return {
    address: account.address,
    async request(method, p) {
      switch (method) {
        case 'personal_sign':
          return account.signMessage({ message: { raw: p[0] as Hex } });
        case 'eth_signTypedData_v4':
          // params: [address, the EIP-712 typed data as JSON text] (what viem's signTypedData sends)
          return account.signTypedData(JSON.parse(p[1] as string) as TypedDataDefinition);
        case 'eth_sendTransaction': {
          const tx = p[0] as TxParams;
          const big = (v?: Hex) => (v === undefined ? undefined : hexToBigInt(v));
          return wallet.sendTransaction({
            to: tx.to,
            data: tx.data,
            value: big(tx.value),
            gas: big(tx.gas),
            nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
            maxFeePerGas: big(tx.maxFeePerGas),
            maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas),
          } as Parameters<typeof wallet.sendTransaction>[0]);
        }
      }
    },
  };
}
