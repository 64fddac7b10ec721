// The chain boundary of eslint.config.js (issue 11): web, server, e2e and bench may not import the
// contracts' ABIs, artifacts or deployment files (only packages/protocol, contracts/ and devnet/
// may). Lints the fixture web/lint-fixtures/directAbiImport.ts, which the normal lint leaves out,
// and the same imports as if they were written elsewhere.
import { describe, expect, it } from 'vitest';
import { eslint, fixtureFile, lintAs, restricted } from './lintTesting.ts';

const fixture = fixtureFile('directAbiImport.ts');
const BOUNDARY = /only packages\/protocol, contracts\/ and devnet\/ import ABIs/;

const ABI_IMPORT =
  "import { kycManagerAbi } from '@payd/contracts/abi';\nexport const abi = kycManagerAbi;\n";

describe('the chain boundary lint rule', { timeout: 60_000 }, () => {
  it('fails a web file that imports an ABI, a deployment file or an artifact directly', async () => {
    const errors = restricted(await eslint.lintFiles([fixture]));
    expect(errors.map((e) => [e.line, e.severity])).toEqual([
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    for (const e of errors) expect(e.message).toMatch(BOUNDARY);
  });

  it('fails the same import in server, e2e and bench code', async () => {
    for (const path of ['server/src/staking/x.ts', 'e2e/src/x.e2e.ts', 'bench/x.bench.mjs']) {
      expect(await lintAs(path, ABI_IMPORT), path).toHaveLength(1);
    }
    const deploymentRead = "import d from '../../../contracts/deployments/88.json';\nexport default d;\n";
    expect(await lintAs('server/src/site/x.ts', deploymentRead)).toHaveLength(1);
  });

  it('lets packages/protocol, contracts and devnet import them, and web import @payd/protocol', async () => {
    expect(await lintAs('packages/protocol/src/writes/x.ts', ABI_IMPORT)).toEqual([]);
    expect(await lintAs('devnet/src/x.ts', ABI_IMPORT)).toEqual([]);
    expect(await lintAs('contracts/scripts/x.ts', ABI_IMPORT)).toEqual([]);
    const viaProtocol =
      "import { depositMultipleValidators } from '@payd/protocol';\nexport const d = depositMultipleValidators;\n";
    expect(await lintAs('web/src/features/staking/x.ts', viaProtocol)).toEqual([]);
  });
});
