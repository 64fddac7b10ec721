// The wallet feature as other features see it: sending a transaction through the status bar, its
// phases, the network's name and the wallet's ETH balance. Other features import these from here,
// not from the files behind.
export { useSendWithStatus, useTxState } from './TxStatus.tsx';
export type { TxPhase } from './txStatus.ts';
export { networkName } from './networkName.ts';
export { useEthBalance } from './walletBalances.ts';
export { useWalletChainId } from './injectedChain.ts';
export { connectMessageSigner } from './messageSigner.ts';
export { WalletNetworkName } from './WalletNetworkName.tsx';
