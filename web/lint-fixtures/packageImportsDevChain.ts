// Breaks the packages' dev-chain boundary on purpose: web/src/lintBoundaries.test.ts lints it as a
// package's source file and expects the lint to refuse each of these imports (a package's test
// entry points, src/testing/ and *.test.ts, may make them).
import { startDevnet } from '@payd/devnet';
import { contractBytecode } from '@payd/devnet/testing';
import { fundAccount } from '../../../devnet/src/fund.ts';

export const used = [startDevnet, contractBytecode, fundAccount];
