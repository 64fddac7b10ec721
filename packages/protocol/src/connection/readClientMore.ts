// viem's read actions the light read client (readClient.ts) loads on first use: logs, blocks,
// receipts, plain calls, and readContract for a read at a block or to learn why a read was refused.
export {
  call,
  getBlock,
  getCode,
  getContractEvents,
  getLogs,
  getStorageAt,
  getTransaction,
  getTransactionCount,
  getTransactionReceipt,
  readContract,
} from 'viem/actions';
