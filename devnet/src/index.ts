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
export {
  CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS,
  SYSTEM_ADDRESS,
  WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS,
  decodeConsolidationRequests,
  decodeWithdrawalRequests,
  executionRequestsFromLogs,
  processExecutionRequests,
  readExecutionRequests,
  type DequeuedConsolidationRequest,
  type DequeuedWithdrawalRequest,
  type ExecutionRequests,
} from './chain/executionRequests.ts';
