// The Prague system contracts chain 88 carries at their mainnet addresses: the EIP-7002
// withdrawal-request and EIP-7251 consolidation-request predeploys, with the runtime code the EIPs
// publish (their deployment transaction's input from byte 0x2d on, the part its init code returns),
// and the dev-only system caller that stands in for the execution client's end-of-block system call
// (see executionRequests.ts). Hardhat's EDR does not deploy either predeploy under Prague (it does
// deploy EIP-4788's and EIP-2935's), so the devnet installs them, journaled, on its first start.

/** EIP-7002 `WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS`. */
export const WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS = '0x00000961Ef480Eb55e80D19ad83579A64c007002' as const;

/** EIP-7251 `CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS`. */
export const CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS = '0x0000BBdDc7CE488642fb579F8B00f3a590007251' as const;

/** The EIPs' `SYSTEM_ADDRESS`, the caller of end-of-block system calls. */
export const SYSTEM_ADDRESS = '0xfffffffffffffffffffffffffffffffffffffffe' as const;

/** Runtime code of the EIP-7002 predeploy (504 bytes, EIPS/eip-7002.md "Deployment"). */
export const WITHDRAWAL_REQUEST_PREDEPLOY_CODE = `0x${[
  '3373fffffffffffffffffffffffffffffffffffffffe1460cb5760115f54807fffffffffffffffffffffffffffffffff',
  'ffffffffffffffffffffffffffffffff146101f457600182026001905f5b5f8211156068578101908302848302900491',
  '6001019190604d565b909390049250505036603814608857366101f457346101f4575f5260205ff35b34106101f45760',
  '0154600101600155600354806003026004013381556001015f35815560010160203590553360601b5f5260385f601437',
  '604c5fa0600101600355005b6003546002548082038060101160df575060105b5f5b8181146101835782810160030260',
  '040181604c02815460601b8152601401816001015481526020019060020154807fffffffffffffffffffffffffffffff',
  'ff00000000000000000000000000000000168252906010019060401c908160381c81600701538160301c816006015381',
  '60281c81600501538160201c81600401538160181c81600301538160101c81600201538160081c816001015353600101',
  '60e1565b910180921461019557906002556101a0565b90505f6002555f6003555b5f54807fffffffffffffffffffffff',
  'ffffffffffffffffffffffffffffffffffffffffff14156101cd57505f5b6001546002828201116101e25750505f6101',
  'e8565b01600290035b5f555f600155604c025ff35b5f5ffd',
].join('')}` as const;

/** Runtime code of the EIP-7251 predeploy (414 bytes, EIPS/eip-7251.md "Deployment"). */
export const CONSOLIDATION_REQUEST_PREDEPLOY_CODE = `0x${[
  '3373fffffffffffffffffffffffffffffffffffffffe1460d35760115f54807fffffffffffffffffffffffffffffffff',
  'ffffffffffffffffffffffffffffffff1461019a57600182026001905f5b5f8211156068578101908302848302900491',
  '6001019190604d565b9093900492505050366060146088573661019a573461019a575f5260205ff35b341061019a5760',
  '0154600101600155600354806004026004013381556001015f358155600101602035815560010160403590553360601b',
  '5f5260605f60143760745fa0600101600355005b6003546002548082038060021160e7575060025b5f5b818114610129',
  '5782810160040260040181607402815460601b8152601401816001015481526020018160020154815260200190600301',
  '54905260010160e9565b910180921461013b5790600255610146565b90505f6002555f6003555b5f54807fffffffffff',
  'ffffffffffffffffffffffffffffffffffffffffffffffffffffff141561017357505f5b600154600182820111610188',
  '5750505f61018e565b01600190035b5f555f6001556074025ff35b5f5ffd',
].join('')}` as const;

const push20 = (address: string) => `73${address.slice(2).toLowerCase()}`;

/**
 * One system call and its record: CALL(gas, predeploy, 0, 0, 0, 0, 0), revert unless it succeeded,
 * then RETURNDATACOPY(0, 0, RETURNDATASIZE) and LOG1(0, RETURNDATASIZE, predeploy). 60 bytes;
 * `0x83` is the offset of the final revert in `SYSTEM_CALLER_CODE`.
 */
const callAndLog = (predeploy: string) =>
  `5f5f5f5f5f${push20(predeploy)}5af1` + `15608357` + `3d5f5f3e` + `${push20(predeploy)}3d5fa1`;

/**
 * Dev-only code at `SYSTEM_ADDRESS` (real chains have none there). A transaction the devnet sends
 * from `SYSTEM_ADDRESS` (impersonated) to itself runs it: unless the caller is the address itself
 * it reverts (ADDRESS CALLER EQ); it then calls the EIP-7002 and the EIP-7251 predeploy with empty
 * input, so that each sees `SYSTEM_ADDRESS` as its caller and runs its system subroutine, and logs
 * what each returned (the dequeued requests, packed as the EIPs say) with the predeploy's address
 * as topic. The dequeue and its record are one transaction: neither can happen without the other.
 */
export const SYSTEM_CALLER_CODE = `0x${[
  '303314600957', // ADDRESS CALLER EQ PUSH1 0x09 JUMPI
  '5f5ffd', // PUSH0 PUSH0 REVERT
  '5b', // 0x09: JUMPDEST
  callAndLog(WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS), // 0x0a..0x45
  callAndLog(CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS), // 0x46..0x81
  '00', // 0x82: STOP
  '5b5f5ffd', // 0x83: JUMPDEST PUSH0 PUSH0 REVERT
].join('')}` as const;

/** What chain 88 must carry at genesis-equivalent state: address -> runtime code. */
export const SYSTEM_CONTRACTS: readonly { address: `0x${string}`; code: `0x${string}` }[] = [
  { address: WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS, code: WITHDRAWAL_REQUEST_PREDEPLOY_CODE },
  { address: CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS, code: CONSOLIDATION_REQUEST_PREDEPLOY_CODE },
  { address: SYSTEM_ADDRESS, code: SYSTEM_CALLER_CODE },
];
