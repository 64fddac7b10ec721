// Where a validator's execution-layer rewards (priority fees and MEV) are paid: its fee recipient,
// which payd sets to the customer's withdrawal address (FeeRecipient5). Taken away with the keys as
// a proposer configuration file, the per-validator fee recipient format of validator clients
// (Teku's --validators-proposer-config, Lodestar's --proposerSettingsFile), so that a client run
// elsewhere keeps paying the customer.
import type { ValidatorRow } from './validatorsRules.ts';

/** The validator's fee recipient (0x address, lower case), or null when none is recorded. */
export function feeRecipientOf(v: ValidatorRow): string | null {
  const text = String(v.FeeRecipient5 ?? '').trim();
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? text.toLowerCase() : null;
}

/** The proposer configuration of one validator: its public key mapped to its fee recipient. */
export function proposerConfig(v: ValidatorRow): Record<string, unknown> | null {
  const feeRecipient = feeRecipientOf(v);
  const pubkey = String(v.PubKey5 ?? '').toLowerCase();
  if (!feeRecipient || !pubkey) return null;
  return {
    proposer_config: { [pubkey]: { fee_recipient: feeRecipient } },
    default_config: { fee_recipient: feeRecipient },
  };
}

/** 'proposer_config-<validator index or key start>.json'. */
export function proposerConfigFileName(v: ValidatorRow): string {
  const index = v.ValidatorIndex5;
  const name =
    index !== null && index !== undefined && index !== ''
      ? String(index)
      : String(v.PubKey5 ?? '').slice(2, 10);
  return `proposer_config-${name}.json`;
}
