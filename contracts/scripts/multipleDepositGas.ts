// Gas of MultipleDeposit.depositMultiple with 1, 10 and 100 deposits of mixed amounts (issue 25):
// 0x01 and 0x02 credentials, 1 to 2048 ETH, each entry with a correct deposit_data_root (the deposit
// contract checks roots, not BLS signatures, so the keys and signatures are pseudo-random bytes of
// the real lengths: calldata costs what real deposit data costs). Printed per deposit, with the share
// of EIP-7825's per-transaction cap (Fusaka: 2^24 gas) and EIP-7623's calldata floor (Prague).
import { encodeFunctionData, hexToBytes, keccak256, parseEther, toHex, type Address, type Hex } from 'viem';
import hre from 'hardhat';
import { depositDataRoot } from './depositDataRoot';

/** EIP-7825: the most gas one transaction may use since Fusaka. */
export const TX_GAS_LIMIT_CAP = 2n ** 24n;
/** The amounts the batches cycle through, in ETH: new 0x01 and 0x02 validators and top-ups. */
const AMOUNTS_ETH = [32n, 64n, 1n, 2048n, 100n, 33n, 32n, 500n];

/** `n` bytes derived from a label: nonzero almost everywhere, like keys and signatures. */
function bytesOf(label: string, n: number): Hex {
  let out = '';
  for (let i = 0; out.length < n * 2; i++) out += keccak256(toHex(`${label}:${i}`)).slice(2);
  return `0x${out.slice(0, n * 2)}`;
}

function mixedDeposits(count: number, seed: number) {
  return Array.from({ length: count }, (_, i) => {
    const id = `${seed}:${i}`;
    const prefix = i % 3 === 0 ? '01' : '02';
    const value = parseEther(String(prefix === '01' ? 32n : AMOUNTS_ETH[i % AMOUNTS_ETH.length]));
    const d = {
      pubkey: bytesOf(`pubkey ${id}`, 48),
      withdrawal_credentials: `0x${prefix}${'00'.repeat(11)}${bytesOf(`address ${id}`, 20).slice(2)}` as Hex,
      signature: bytesOf(`signature ${id}`, 96),
      value,
    };
    return {
      pubkey: d.pubkey,
      withdrawal_credentials: d.withdrawal_credentials,
      signature: d.signature,
      deposit_data_root: depositDataRoot(d),
      amount: value,
    };
  });
}

/** EIP-7623's floor: 21,000 + 10 per calldata token (a zero byte 1 token, any other 4). */
function calldataFloor(data: Hex): bigint {
  let tokens = 0n;
  for (const b of hexToBytes(data)) tokens += b === 0 ? 1n : 4n;
  return 21_000n + 10n * tokens;
}

const fmt = (n: bigint) => n.toLocaleString('en-US');

/** Sends the three batches from `from` and prints the table; returns [count, gasUsed] rows. */
export async function multipleDepositGas(multipleDeposit: Address): Promise<[number, bigint][]> {
  const contract = await hre.viem.getContractAt('MultipleDeposit', multipleDeposit);
  const publicClient = await hre.viem.getPublicClient();
  const testClient = await hre.viem.getTestClient();
  const [sender] = await hre.viem.getWalletClients();
  await testClient.setBalance({ address: sender.account.address, value: parseEther('1000000') });
  const rows: [number, bigint][] = [];
  console.log(
    '\nMultipleDeposit.depositMultiple, mixed amounts (0x01: 32 ETH; 0x02: 1-2048 ETH), Hardhat EDR cancun\n',
  );
  console.log('  deposits   total ETH       gas used   gas per deposit   EIP-7623 floor   share of 2^24');
  for (const [k, count] of [1, 10, 100].entries()) {
    const deposits = mixedDeposits(count, k);
    const value = deposits.reduce((s, d) => s + d.amount, 0n);
    const hash = await contract.write.depositMultiple([deposits], { value, gas: 16_000_000n });
    const r = await publicClient.waitForTransactionReceipt({ hash });
    if (r.status !== 'success') throw new Error(`depositMultiple(${count}) failed`);
    const floor = calldataFloor(
      encodeFunctionData({ abi: contract.abi, functionName: 'depositMultiple', args: [deposits] }),
    );
    const charged = r.gasUsed > floor ? r.gasUsed : floor;
    const share = Number((charged * 10_000n) / TX_GAS_LIMIT_CAP) / 100;
    console.log(
      `  ${String(count).padStart(8)}   ${fmt(value / 10n ** 18n).padStart(9)}   ${fmt(r.gasUsed).padStart(12)}` +
        `   ${fmt(r.gasUsed / BigInt(count)).padStart(15)}   ${fmt(floor).padStart(14)}   ${`${share} %`.padStart(13)}`,
    );
    rows.push([count, charged]);
  }
  const [, hundred] = rows[rows.length - 1]!;
  console.log(
    `\n  100 deposits ${hundred < TX_GAS_LIMIT_CAP ? 'fit' : 'do NOT fit'} in one transaction under EIP-7825 ` +
      `(${fmt(hundred)} of ${fmt(TX_GAS_LIMIT_CAP)} gas); at this rate the cap allows about ` +
      `${fmt((TX_GAS_LIMIT_CAP * 100n) / hundred)} deposits.`,
  );
  return rows;
}
