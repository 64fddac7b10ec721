import { describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi } from 'viem';
import { balanceOfCalldata } from './walletBalances.ts';

describe('ERC-20 balance read', () => {
  it("sends the same balanceOf calldata as viem's ABI coder, whatever the address's case", () => {
    for (const owner of [
      '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      '0x00000000000000000000000000000000000000b0',
      '0xFFfFfFffFFfffFFfFFfFFFFFffFFFffffFfFFFfF',
    ] as const)
      expect(balanceOfCalldata(owner)).toBe(
        encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      );
  });
});
