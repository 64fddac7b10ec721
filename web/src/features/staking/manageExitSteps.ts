// The manual exit instructions of the 'Withdrawal Key' modal: how a customer exits a validator
// without payd, from the 24 words, with the ethstaker deposit CLI and a beacon node of the network
// the wallet is on. The commands carry the validators' real key and validator indices. Each step's
// text is its catalogue message (`id`, `values`); `text` is its English, as the spec words it.
import { networkLinks } from './networkLinks.ts';
import type { ValidatorRow } from './validatorsRules.ts';

export interface ExitStep {
  /** The step's message in the catalogue, and its placeholders. */
  id: string;
  values?: Record<string, string>;
  /** The step in English. */
  text: string;
  command?: string;
}

const has = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * Steps for `validators` (the selected one, or every live one): those with a validator index get
 * their own signing and sending commands; `beaconUrl` is the web config's (chain 88's dev node).
 */
export function manualExitSteps(
  validators: readonly ValidatorRow[],
  chainId: number | undefined,
  beaconUrl?: string | null,
): ExitStep[] {
  const links = networkLinks(chainId, beaconUrl);
  const ready = validators.filter((v) => has(v.ValidatorIndex5) && has(v.Idx5));
  const node = links.beaconNode ?? '<beacon node URL>';
  const steps: ExitStep[] = [
    {
      id: 'manage.steps.install',
      text: 'Install the ethstaker deposit CLI (github.com/eth-educators/ethstaker-deposit-cli) on an offline computer.',
    },
  ];
  if (!ready.length) {
    steps.push({
      id: 'manage.steps.noIndex',
      text: 'Your validators have no validator index yet: the commands appear here once the beacon chain has taken their deposits.',
    });
    return steps;
  }
  if (!links.cliNetwork) {
    steps.push({
      id: 'manage.steps.unknownChain',
      values: { chain: String(chainId) },
      text: `The deposit CLI does not know chain ${String(chainId)}: name it with --devnet_chain_setting (its fork versions and genesis validators root).`,
    });
    return steps;
  }
  for (const v of ready) {
    const key = String(v.Idx5);
    const index = String(v.ValidatorIndex5);
    steps.push({
      id: 'manage.steps.sign',
      values: { index, key },
      text: `Sign the exit of validator ${index} with your 24 words (key index ${key} of this wallet). The CLI asks for the words; type them there, never on a website.`,
      command: `./deposit --language English exit-transaction-mnemonic ${links.cliNetwork} --validator_start_index ${key} --validator_indices ${index} --epoch 0`,
    });
    steps.push({
      id: 'manage.steps.send',
      values: { index },
      text: `Send the signed exit of validator ${index} (the file the CLI wrote in exit_transactions/) to a beacon node of the network.`,
      command: `for f in exit_transactions/signed_exit_transaction-${index}-*.json; do curl -X POST -H 'Content-Type: application/json' -d @"$f" ${node}/eth/v1/beacon/pool/voluntary_exits; done`,
    });
  }
  steps.push({
    id: 'manage.steps.after',
    text: 'The validator then shows as exiting; its 32 ETH reach the withdrawal address after the withdrawal queue (2 to 5 days).',
  });
  return steps;
}
