export { startDevnet, type Devnet, type DevnetOptions } from './devnet.ts';
export {
  ChainRpcError,
  DEVNET_CHAIN_ID,
  FAUCET_AMOUNT_WEI,
  JournaledChain,
  startJournaledChain,
  type ChainTime,
  type ReplayReport,
} from './chain/journaledChain.ts';
