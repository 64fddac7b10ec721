// Prints signed deposit data (the staking-deposit-cli JSON array) made by this package for 0x01
// withdrawal credentials pointing at an address, on the payd devnet (chain 88):
//   npm run -s deposit-data -w @payd/validator-keys -- <withdrawal address> <start index> <count>
// The contract tests and the gas bench run it in a child process (contracts/scripts/
// validatorDeposits.ts): contracts imports no package, and this package is ES modules written in
// TypeScript, which Hardhat's CommonJS test runner cannot load.
import { createDepositData } from '../src/index.ts';

// A test mnemonic (published in test/periphery/fixtures/README.md); never for real funds.
const TEST_MNEMONIC = 'margin tank lunch prison top episode peanut approve dish seat nominee illness';
const [address, start, count] = process.argv.slice(2);
const entries = createDepositData({
  mnemonic: TEST_MNEMONIC,
  startIndex: Number(start ?? 0),
  count: Number(count ?? 1),
  withdrawalAddress: address,
  network: 'payd-devnet',
});
process.stdout.write(JSON.stringify(entries));
