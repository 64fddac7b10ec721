// Breaks the contracts' boundary on purpose: web/src/lintBoundaries.test.ts lints it as if it were
// contracts/scripts/x.ts and expects the lint to refuse each of these imports: contracts imports
// no other part of payd (packages/protocol uses its ABIs, not the other way round).
import { createDepositData } from '@payd/validator-keys';
import { Decimal } from '../../packages/protocol/src/decimal/index.ts';
import { webConfig } from '@payd/schemas';

export const used = [createDepositData, Decimal, webConfig];
