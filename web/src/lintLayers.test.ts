// The layers and the cycle rule of eslint.config.js (issue 26): inside web, server and devnet
// imports run one way, down; contracts imports no other part of payd; no import cycle anywhere.
// Lints the fixtures of web/lint-fixtures/, which the normal lint leaves out, as if they were
// written elsewhere, and the imports the rules allow.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cycles, eslint, fixtureFile, lintAs } from './lintTesting.ts';

const WEB_LAYERS = /The web's layers import downward only/;
const SERVER_LAYERS = /The server's shared parts .* import no feature/;
const DEVNET_LAYERS = /devnet's parts import downward only/;
const WEB_SERVER = /web and server never import each other/;
const CONTRACTS = /contracts imports no other part of payd/;

/** The fixture's refused imports as [line, message] when it is linted as `filePath`. */
const fixtureAs = async (name: string, filePath: string) =>
  (await lintAs(filePath, await readFile(fixtureFile(name), 'utf8'))).map(
    (e) => [e.line, e.message] as const,
  );

const refused = (errors: (readonly [number, string])[], expected: [number, RegExp][]) => {
  expect(errors.map(([line]) => line)).toEqual(expected.map(([line]) => line));
  errors.forEach(([, text], i) => expect(text).toMatch(expected[i]![1]));
};

const importOf = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;

describe("the web's layers", { timeout: 60_000 }, () => {
  it('keep the app shell from the features, the framework and the route table', async () => {
    refused(await fixtureAs('webShellReachesUp.ts', 'web/src/shell/navigation/x.ts'), [
      [4, WEB_LAYERS],
      [5, WEB_LAYERS],
      [6, WEB_LAYERS],
    ]);
  });

  it('keep each lower layer from the ones above it', async () => {
    const refusedImports: [string, string][] = [
      ['web/src/api/x.ts', '../shell/session/session.tsx'],
      ['web/src/ui/x.tsx', '../features/wallet/index.ts'],
      ['web/src/notifications/x.ts', '../app/App.tsx'],
      ['web/src/shell/x.ts', '../features/kyc/index.ts'],
      ['web/src/framework/x.ts', '../features/staking/stakeRules.ts'],
      ['web/src/features/staking/x.ts', '../../routes/router.tsx'],
      ['web/src/features/billing/payment/x.ts', '../../../app/App.tsx'],
    ];
    for (const [file, path] of refusedImports) {
      const [error, ...rest] = await lintAs(file, importOf(path));
      expect(error?.message, `${file}: ${path}`).toMatch(WEB_LAYERS);
      expect(rest).toEqual([]);
    }
  });

  it('let every layer import the ones below it, and the route table every feature', async () => {
    const allowed: [string, string][] = [
      ['web/src/shell/navigation/x.ts', '../../api/client.ts'],
      ['web/src/shell/chain/x.ts', '../config.ts'],
      ['web/src/framework/x.ts', '../shell/PageLoader.tsx'],
      ['web/src/features/kyc/x.ts', '../../framework/index.ts'],
      ['web/src/features/billing/payment/x.ts', '../../../shell/session/session.tsx'],
      ['web/src/routes/x.tsx', '../features/kyc/KycDeclinedCheck.tsx'],
      ['web/src/app/x.tsx', '../routes/router.tsx'],
      ['web/src/shell/x.test.ts', '../features/kyc/kycStatus.ts'],
    ];
    for (const [file, path] of allowed)
      expect(await lintAs(file, importOf(path)), `${file}: ${path}`).toEqual([]);
  });
});

describe("the server's and devnet's layers", { timeout: 60_000 }, () => {
  it("keep the server's shared parts from the features, the app's wiring and testing/", async () => {
    refused(await fixtureAs('serverSharedImportsFeature.ts', 'server/src/db/x.ts'), [
      [4, SERVER_LAYERS],
      [5, SERVER_LAYERS],
      [6, SERVER_LAYERS],
    ]);
    expect((await lintAs('server/src/config.ts', importOf('./staking/index.ts')))[0]?.message).toMatch(
      SERVER_LAYERS,
    );
  });

  it("keep a feature from the app's wiring and testing/, but not its tests", async () => {
    for (const path of ['../../app.ts', '../../features.ts', '../../testing/testApp.ts']) {
      const [error] = await lintAs('server/src/billing/card/x.ts', importOf(path));
      expect(error?.message, path).toMatch(SERVER_LAYERS);
    }
    const allowed: [string, string][] = [
      ['server/src/billing/card/x.ts', '../../featureDeps.ts'],
      ['server/src/billing/card/x.test.ts', '../../testing/testApp.ts'],
      ['server/src/billing/card/testing.ts', '../../testing/testApp.ts'],
      ['server/src/wire/x.ts', '../db/database.ts'],
      ['server/src/app.ts', './staking/plugin.ts'],
    ];
    for (const [file, path] of allowed)
      expect(await lintAs(file, importOf(path)), `${file}: ${path}`).toEqual([]);
  });

  it("keep devnet's chain from the dev beacon and the start, and devnet from the server", async () => {
    refused(await fixtureAs('devnetReachesUp.ts', 'devnet/src/chain/x.ts'), [
      [4, DEVNET_LAYERS],
      [5, DEVNET_LAYERS],
      [6, WEB_SERVER],
    ]);
    expect(await lintAs('devnet/src/beacon/x.ts', importOf('../chain/journal.ts'))).toEqual([]);
    expect(await lintAs('devnet/src/devnet.ts', importOf('./beacon/index.ts'))).toEqual([]);
  });
});

describe('the contracts boundary and the cycle rule', { timeout: 60_000 }, () => {
  it('keeps contracts from the packages', async () => {
    refused(await fixtureAs('contractsImportsPackage.ts', 'contracts/scripts/x.ts'), [
      [4, CONTRACTS],
      [5, CONTRACTS],
      [6, CONTRACTS],
    ]);
    expect(await lintAs('contracts/test/x.ts', importOf('../scripts/artifacts'))).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const found = cycles(await eslint.lintFiles([fixtureFile('cycleA.ts'), fixtureFile('cycleB.ts')]));
    expect(found).toEqual(['cycleA.ts:3', 'cycleB.ts:2']);
  });
});
