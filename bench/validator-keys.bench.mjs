// Time to create verified deposit data (EIP-2333 derivation, BLS signing, re-verification) for 1, 10
// and 100 validators from one mnemonic, as the stake flow does.
import { performance } from 'node:perf_hooks';
import { createDepositData, generateMnemonic } from '@payd/validator-keys';

const mnemonic = generateMnemonic();
const withdrawalAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

// warm up the curve tables once, outside the measurements
createDepositData({ mnemonic, startIndex: 1000, count: 1, withdrawalAddress, network: 'payd-devnet' });

for (const count of [1, 10, 100]) {
  const started = performance.now();
  const entries = createDepositData({
    mnemonic,
    startIndex: 0,
    count,
    withdrawalAddress,
    network: 'payd-devnet',
  });
  const ms = performance.now() - started;
  if (entries.length !== count) throw new Error('wrong number of entries');
  console.log(
    `deposit data for ${String(count).padStart(3)} validator(s): ${ms.toFixed(0).padStart(6)} ms total, ${(ms / count).toFixed(1)} ms each`,
  );
}
