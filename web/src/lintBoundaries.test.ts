// The import boundaries of eslint.config.js (issue 14): web and server never import each other,
// feature folders meet only through each other's index.ts, and packages import the dev chain only
// in their test entry points. Lints the fixtures of web/lint-fixtures/, which the normal lint
// leaves out, where they are or as if they were written elsewhere, and the imports the rules allow.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { eslint, fixtureFile, lintAs, restricted } from './lintTesting.ts';

const WEB_SERVER = /web and server never import each other/;
const FEATURE = /Feature folders meet only through each other's index\.ts/;
const DEV_CHAIN = /imports @payd\/devnet \(the dev chain\) only in its test entry points/;

/** The fixture's refused imports (line, message) when it is linted as `filePath`. */
const fixtureAs = async (name: string, filePath: string) =>
  (await lintAs(filePath, await readFile(fixtureFile(name), 'utf8'))).map((e) => [e.line, e.message]);

/** Each of `lines` refused, with a message matching `message`, and nothing else. */
const refusedLines = (errors: (string | number)[][], lines: number[], message: RegExp) => {
  expect(errors.map(([line]) => line)).toEqual(lines);
  for (const [, text] of errors) expect(text).toMatch(message);
};

const importOf = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;

describe('the web/server boundary lint rule', { timeout: 60_000 }, () => {
  it('fails a web file that imports server code', async () => {
    const errors = restricted(await eslint.lintFiles([fixtureFile('webImportsServer.ts')]));
    refusedLines(
      errors.map((e) => [e.line, e.message]),
      [3, 4],
      WEB_SERVER,
    );
  });

  it('fails a server file that imports web code', async () => {
    refusedLines(await fixtureAs('serverImportsWeb.ts', 'server/src/site/x.ts'), [3, 4], WEB_SERVER);
  });

  it('holds in feature folders too, beside the feature boundary', async () => {
    const [web] = await lintAs('web/src/features/staking/x.ts', importOf('../../../../server/src/config.ts'));
    expect(web?.message).toMatch(WEB_SERVER);
    const [server] = await lintAs(
      'server/src/billing/charges/x.ts',
      importOf('../../../../web/src/app/config.ts'),
    );
    expect(server?.message).toMatch(WEB_SERVER);
  });

  it('lets e2e and bench import both', async () => {
    expect(await lintAs('e2e/src/x.e2e.ts', importOf('../../server/src/config.ts'))).toEqual([]);
    expect(await lintAs('bench/lib/x.mjs', importOf('../../web/src/app/config.ts'))).toEqual([]);
  });
});

describe('the feature boundary lint rule', { timeout: 60_000 }, () => {
  it("fails a web feature's file that reaches into another feature's files", async () => {
    const errors = await fixtureAs('webFeatureReachesIn.ts', 'web/src/features/billing/payment/x.ts');
    refusedLines(errors, [4, 5, 6], FEATURE);
  });

  it("fails a server feature's file that reaches into another feature's files", async () => {
    const errors = await fixtureAs('serverFeatureReachesIn.ts', 'server/src/billing/charges/x.ts');
    refusedLines(errors, [4, 5, 6], FEATURE);
  });

  it("lets a feature import another's index.ts, its own files, shared folders; and tests anything", async () => {
    const allowed: [string, string][] = [
      ['web/src/features/billing/payment/x.ts', '../../wallet/index.ts'],
      ['web/src/features/billing/payment/x.ts', '../../../ui/pageParts.tsx'],
      // lending's own wallet folder, not the wallet feature
      ['web/src/features/lending/dev/x.ts', '../wallet/transferRules.ts'],
      ['web/src/features/staking/x.ts', '../wallet/index.ts'],
      ['web/src/routes/x.ts', '../features/staking/stakingRoutes.ts'],
      ['web/src/features/lending/x.test.ts', '../kyc/kycStatus.ts'],
      ['server/src/staking/x.ts', '../auth/index.ts'],
      ['server/src/kyc/x.ts', '../db/counters.ts'],
      ['server/src/billing/charges/x.ts', '../payments/config.ts'],
      ['server/src/testing/x.ts', '../auth/tokens.ts'],
      ['server/src/auth/x.test.ts', '../staking/plugin.ts'],
    ];
    for (const [file, path] of allowed)
      expect(await lintAs(file, importOf(path)), `${file}: ${path}`).toEqual([]);
  });
});

describe('the dev chain boundary of the packages', { timeout: 60_000 }, () => {
  it("fails a package's source file that imports the dev chain", async () => {
    for (const file of ['packages/protocol/src/reads/x.ts', 'packages/schemas/src/x.ts']) {
      refusedLines(await fixtureAs('packageImportsDevChain.ts', file), [4, 5, 6], DEV_CHAIN);
    }
  });

  it('lets their test entry points import it', async () => {
    for (const file of [
      'packages/protocol/src/testing/x.ts',
      'packages/protocol/src/x.chain.test.ts',
      'packages/validator-keys/src/x.test.ts',
    ]) {
      expect(await fixtureAs('packageImportsDevChain.ts', file), file).toEqual([]);
    }
  });
});
