// The manual exit instructions of the 'Withdrawal Key' modal: how a customer exits a validator
// without payd, from the 24 words, with the ethstaker deposit CLI and any beacon node.
import type { ValidatorRow } from './validatorsRules.ts';

export interface ExitStep {
  text: string;
  command?: string;
}

const chainName = (chainId: number | undefined) =>
  chainId === 1
    ? 'mainnet'
    : chainId === 5
      ? 'goerli'
      : chainId === 17000
        ? 'holesky'
        : chainId === 560048
          ? 'hoodi'
          : 'mainnet';

export function manualExitSteps(v: ValidatorRow | null, chainId: number | undefined): ExitStep[] {
  const idx = v?.Idx5 !== undefined && v?.Idx5 !== null ? String(v.Idx5) : '<key index>';
  const index =
    v?.ValidatorIndex5 !== undefined && v?.ValidatorIndex5 !== null && v?.ValidatorIndex5 !== ''
      ? String(v.ValidatorIndex5)
      : '<validator index>';
  return [
    {
      text: 'Install the ethstaker deposit CLI (github.com/eth-educators/ethstaker-deposit-cli) on an offline computer.',
    },
    {
      text: `Sign the exit of validator ${index} with your 24 words (key index ${idx} of this wallet). The CLI asks for the words; type them there, never on a website.`,
      command: `./deposit --language English exit-transaction-mnemonic --chain ${chainName(chainId)} --validator_start_index ${idx} --validator_indices ${index} --epoch 0`,
    },
    {
      text: 'Send the signed exit (the file the CLI wrote in exit_transactions/) to a beacon node of the network.',
      command: `curl -X POST -H 'Content-Type: application/json' -d @exit_transactions/signed_exit_transaction-${index}.json <beacon node URL>/eth/v1/beacon/pool/voluntary_exits`,
    },
    {
      text: 'The validator then shows as exiting; its 32 ETH reach the withdrawal address after the withdrawal queue (2 to 5 days).',
    },
  ];
}
