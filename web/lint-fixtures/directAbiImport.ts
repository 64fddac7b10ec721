// Breaks the chain boundary on purpose: web/src/lintBoundary.test.ts expects the lint to refuse each
// of these imports (this directory is left out of the normal lint, the type check and the build).
import { multipleDepositAbi } from '@payd/contracts/abi';
import deployment from '../../contracts/deployments/88.json';
import artifact from '../../contracts/artifacts/src/access/KycManager.sol/KycManager.json';

export const used = [multipleDepositAbi, deployment, artifact];
