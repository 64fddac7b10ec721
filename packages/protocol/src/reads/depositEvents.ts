// The beacon deposit contract's DepositEvent, taken from the contracts' generated ABI
// (IDepositContract.sol), for code that reads deposit logs (the server's deposit sync).
import { getAbiItem } from 'viem';
import { iDepositContractAbi } from '@payd/contracts/abi';

/** `DepositEvent(bytes pubkey, bytes withdrawal_credentials, bytes amount, bytes signature, bytes index)`. */
export const depositEvent = getAbiItem({ abi: iDepositContractAbi, name: 'DepositEvent' });
