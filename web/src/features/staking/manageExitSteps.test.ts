import { describe, expect, it } from 'vitest';
import { manualExitSteps } from './manageExitSteps.ts';

const validator = (Idx5: number, ValidatorIndex5: number | null) => ({ Idx5, ValidatorIndex5 });
const commands = (steps: { command?: string }[]) => steps.flatMap((s) => (s.command ? [s.command] : []));

describe('exit it yourself: the commands follow the network, with the real indices', () => {
  it('names chain 88 by its fork versions and root and sends the exit to the dev beacon node', () => {
    const [sign, send] = commands(manualExitSteps([validator(1, 7)], 88, 'http://127.0.0.1:5052/'));
    expect(sign).toContain(
      `--devnet_chain_setting '{"network_name":"payd-devnet","genesis_fork_version":"10000058","exit_fork_version":"40000058","genesis_validator_root":"ea569bcb4fbb2ed26d30e997d7337e7e12a43ac115793e9cbe25da401fcbb725"}'`,
    );
    expect(sign).toContain('--validator_start_index 1 --validator_indices 7');
    expect(sign).not.toContain('mainnet');
    expect(send).toContain('signed_exit_transaction-7-*.json');
    expect(send).toContain('http://127.0.0.1:5052/eth/v1/beacon/pool/voluntary_exits');
    expect(send).not.toMatch(/<.*>/);
  });

  it('uses --chain on the public networks and fills in every validator when none is selected', () => {
    const steps = manualExitSteps([validator(0, 12), validator(1, 13), validator(2, null)], 560048);
    const signs = commands(steps).filter((c) => c.startsWith('./deposit'));
    expect(signs).toEqual([
      './deposit --language English exit-transaction-mnemonic --chain hoodi --validator_start_index 0 --validator_indices 12 --epoch 0',
      './deposit --language English exit-transaction-mnemonic --chain hoodi --validator_start_index 1 --validator_indices 13 --epoch 0',
    ]);
    expect(commands(manualExitSteps([validator(0, 5)], 1))[0]).toContain('--chain mainnet');
    expect(commands(manualExitSteps([validator(0, 5)], 17000))[0]).toContain('--chain holesky');
  });

  it('shows no command with blanks: without a validator index it says when the commands come', () => {
    const steps = manualExitSteps([validator(0, null)], 88, 'http://127.0.0.1:5052');
    expect(commands(steps)).toEqual([]);
    expect(steps.map((s) => s.text).join(' ')).toMatch(/no validator index yet/);
  });
});
