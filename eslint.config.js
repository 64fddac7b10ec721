// Lint rules for every workspace: typescript-eslint's recommended set, type-checked rules for
// promises and `any` in the TypeScript workspaces, React hooks in web, the chain boundary (no
// contract ABIs or deployment files outside packages/protocol, contracts, devnet) and the import
// boundaries of issue 14 (web and server apart, feature folders through index.ts, packages without
// the dev chain).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// One road to the chain (issue 11): only packages/protocol, contracts/ and devnet/ may import the
// contracts' ABIs, build artifacts or deployment files; everything else goes through @payd/protocol.
const CHAIN_BOUNDARY_MESSAGE =
  'Talk to the payd contracts through @payd/protocol; only packages/protocol, contracts/ and devnet/ import ABIs, artifacts or deployment files.';
const chainBoundary = [
  { group: ['@payd/contracts', '@payd/contracts/*'], message: CHAIN_BOUNDARY_MESSAGE },
  {
    // relative paths into contracts/ (the package name is the pattern above)
    regex: '^(\\.{1,2}/)+(.*/)?contracts/(abi|artifacts|deployments|typechain)(/|$)',
    message: CHAIN_BOUNDARY_MESSAGE,
  },
];

// Web and server meet over HTTP only (issue 14): what both need (schemas, messages, constants) is
// in @payd/schemas. e2e and bench drive both and are not held to it.
const WEB_SERVER_MESSAGE =
  'web and server never import each other: they meet over HTTP, and what both need lives in @payd/schemas.';
const apartFrom = (other) => [
  { group: [`@payd/${other}`, `@payd/${other}/*`], message: WEB_SERVER_MESSAGE },
  // relative paths: ../server/..., ../../../web/src/..., ../../x/server/src/...
  { regex: `^(\\.{1,2}/)+((.*/)?${other}/src|${other})(/|$)`, message: WEB_SERVER_MESSAGE },
];
const notServer = apartFrom('server');
const notWeb = apartFrom('web');

// The packages run without the dev chain (issue 14): only their test entry points (src/testing/,
// *.test.ts, *.chain.test.ts) start it.
const DEV_CHAIN_MESSAGE =
  'A package imports @payd/devnet (the dev chain) only in its test entry points: src/testing/ and *.test.ts.';
const noDevChain = [
  { group: ['@payd/devnet', '@payd/devnet/*'], message: DEV_CHAIN_MESSAGE },
  { regex: '^(\\.{1,2}/)+(.*/)?devnet(/|$)', message: DEV_CHAIN_MESSAGE },
];
const PACKAGE_TEST_ENTRIES = ['packages/*/src/testing/**', 'packages/**/*.test.ts'];

// Feature folders meet only through each other's index.ts (issue 14): a file in web/src/features/A
// or server/src/A imports from feature B only `.../B/index.ts`; code several features share and
// none owns lives outside the features (web/src/ui, web/src/shell, server/src/db, ...). Shared
// infrastructure (server's db, wire, framework, mail, jobs, site, testing, config, clock) is no feature.
// Import paths are matched as written, so each feature and folder depth gets its own patterns: from
// web/src/features/billing/payment/x.ts, '../../staking/y.ts' is staking's, '../wallet/y.ts' billing's.
// Tests may wire several features together and are not held to it.
const WEB_FEATURES = {
  root: 'web/src/features',
  names: ['accounts', 'alerts', 'backoffice', 'billing', 'kyc', 'lending', 'staking', 'wallet'],
};
const SERVER_FEATURES = {
  root: 'server/src',
  names: [
    'admin',
    'alerts',
    'auth',
    'backoffice',
    'billing',
    'captcha',
    'geo',
    'kyc',
    'liquid',
    'site',
    'staking',
  ],
};
/** Folder depths inside a feature the patterns are made for (0: the feature's own folder). */
const FEATURE_DEPTHS = [0, 1, 2, 3];
const FEATURE_MESSAGE =
  "Feature folders meet only through each other's index.ts: import from '<feature>/index.ts' (export what you need there), or move code several features share out of the features.";
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

// Issue 28: the texts a person reads come from the language catalogues (packages/i18n), never
// from a literal in a component. Applied to the components converted so far; the list grows to
// all of web/src (web/README.md 'Languages').
// Every component of the web app (issue 28): words a person reads come from the catalogue.
const TRANSLATED_COMPONENTS = ['web/src/**/*.tsx'];
const TEXT_PROPS = '/^(label|title|subtitle|description|placeholder|alt|aria-label|message)$/';
const TEXT_LITERAL_MESSAGE = "Words a person reads come from the catalogue: t('id') (web/src/i18n/useT.ts).";
const noTextLiterals = [
  'error',
  { selector: 'JSXText[value=/[A-Za-z]/]', message: TEXT_LITERAL_MESSAGE },
  {
    selector: `JSXAttribute[name.name=${TEXT_PROPS}] > Literal[value=/[A-Za-z]/]`,
    message: TEXT_LITERAL_MESSAGE,
  },
  {
    selector: `JSXAttribute[name.name=${TEXT_PROPS}] > JSXExpressionContainer > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)`,
    message: TEXT_LITERAL_MESSAGE,
  },
];

/** The patterns that keep a file `depth` folders inside `feature` out of the other features' files. */
function otherFeatures({ root, names }, feature, depth) {
  const others = names.filter((n) => n !== feature).join('|');
  const rootDirs = root.split('/');
  // climbing depth + 1 levels reaches the features' folder; climbing k more, its last k names follow
  return rootDirs.map((_, k) => ({
    regex: `^(\\.\\./){${depth + 1 + k}}${rootDirs
      .slice(rootDirs.length - k)
      .map((d) => `${d}/`)
      .join('')}(${others})/(?!index(\\.ts)?$)`,
    message: FEATURE_MESSAGE,
  }));
}

/** One no-restricted-imports setting from pattern lists: a later block's setting replaces an
 * earlier one for the same file, so each block lists every pattern its files are held to. */
const restricted = (...patternLists) => ['error', { patterns: patternLists.flat() }];

/** A block per feature and folder depth, its files held to `base`, the feature boundary and the
 * patterns `layer(depth)` gives (the layers above the features). */
const featureBlocks = (features, extensions, layer, ...base) =>
  features.names.flatMap((feature) =>
    FEATURE_DEPTHS.map((depth) => ({
      files: [`${features.root}/${feature}/${'*/'.repeat(depth)}*.${extensions}`],
      ignores: TEST_FILES,
      rules: {
        'no-restricted-imports': restricted(...base, otherFeatures(features, feature, depth), layer(depth)),
      },
    })),
  );

// Layers (issue 26): inside web/src, server/src and devnet/src imports run one way, down. A file
// `levels` folders below the source root climbs `levels` times to reach it; the names next must not
// be a layer above the file's own. Names are regex fragments: 'shell/' a folder, 'app\\.ts' a file.
const LAYER_MESSAGES = {
  web: "The web's layers import downward only: api, notifications, ui <- shell (session, navigation, page loader, chain connection) <- framework <- features <- routes, app; only the route table knows every feature.",
  server:
    "The server's shared parts (db, wire, framework, mail, config, clock) import no feature, and no feature imports the app's wiring (app.ts, features.ts, main.ts) or testing/: features take what they need as dependencies (featureDeps.ts).",
  devnet: "devnet's parts import downward only: chain <- beacon <- the devnet's start (src/*.ts, start/).",
};
const above = (levels, names, message) => ({
  regex: `^${levels === 0 ? '\\./' : `(\\.\\./){${levels}}`}(${names.map((n) => (n.endsWith('/') ? `${n.slice(0, -1)}(/|$)` : `${n}$`)).join('|')})`,
  message,
});
/** A block per folder depth of `root/folder`, its files held to `base` and kept from `names`. */
const layerBlocks = ({ root, folder, extensions, names, message, base, ignores = TEST_FILES }) =>
  FEATURE_DEPTHS.map((depth) => ({
    files: [`${root}/${folder ? `${folder}/` : ''}${'*/'.repeat(depth)}*.${extensions}`],
    ignores,
    rules: {
      'no-restricted-imports': restricted(...base, [above(depth + (folder ? 1 : 0), names, message)]),
    },
  }));

const WEB_EXT = '{js,mjs,ts,tsx}';
const WEB_TOP = ['routes/', 'app/', 'boot\\.tsx', 'main\\.tsx'];
const webLayer = (folder, names) =>
  layerBlocks({
    root: 'web/src',
    folder,
    extensions: WEB_EXT,
    names,
    message: LAYER_MESSAGES.web,
    base: [chainBoundary, notServer],
  });
const SERVER_TOP = ['app\\.ts', 'features\\.ts', 'main\\.ts'];
/** Test entry points of the server, which may wire anything: tests, testing/ and a feature's testing.ts. */
const SERVER_TESTS = [...TEST_FILES, 'server/src/testing/**', 'server/src/**/testing.ts'];
const serverLayer = (folder, names) =>
  layerBlocks({
    root: 'server/src',
    folder,
    extensions: '{js,mjs,ts}',
    names,
    message: LAYER_MESSAGES.server,
    base: [chainBoundary, notWeb],
    ignores: SERVER_TESTS,
  });
const SERVER_SHARED = ['db', 'wire', 'framework', 'mail', 'jobs'];
const SERVER_ABOVE_SHARED = [
  ...SERVER_FEATURES.names.map((n) => `${n}/`),
  'testing/',
  'featureDeps\\.ts',
  ...SERVER_TOP,
];
const devnetLayer = (folder, names) =>
  layerBlocks({
    root: 'devnet/src',
    folder,
    extensions: '{js,mjs,ts}',
    names,
    message: LAYER_MESSAGES.devnet,
    base: [notServer, notWeb],
    ignores: [...TEST_FILES, 'devnet/src/**/testing.ts'],
  });

// contracts imports nothing else of the repository (issue 26): packages/protocol uses its ABIs, not
// the other way round. What a contract test needs of a package runs as that package's script.
const CONTRACTS_MESSAGE =
  "contracts imports no other part of payd (packages, server, web, devnet): run what it needs as that package's script (e.g. npm run deposit-data -w @payd/validator-keys).";
const contractsAlone = [
  { group: ['@payd/*', '!@payd/contracts', '!@payd/contracts/*'], message: CONTRACTS_MESSAGE },
  { regex: '^(\\.{1,2}/)+(.*/)?(packages|server|web|devnet|e2e|bench)/', message: CONTRACTS_MESSAGE },
];

// Type-checked rules where they catch real bugs (issue 14): a promise nobody awaits (its rejection
// goes unhandled, its effect races what follows) and `any` leaking from JSON, fetch or SQL rows into
// typed code. They need type information, so they run on the TypeScript files of the workspaces
// only, each file in the tsconfig project that includes it.
const TYPED_FILES = [
  'web/**/*.{ts,tsx}',
  'server/**/*.ts',
  'packages/*/**/*.ts',
  'devnet/**/*.ts',
  'e2e/**/*.ts',
  'bench/**/*.ts',
];
/** TypeScript files no tsconfig includes (listed one by one: the project service rejects a file
 * that is in a project too), linted in typescript-eslint's default project. */
const OUTSIDE_PROJECTS = ['server/vitest.config.ts', 'packages/validator-keys/vitest.config.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'contracts/artifacts/**',
      'contracts/cache/**',
      'contracts/typechain/**',
      'contracts/abi/**',
      // generated: the ABI slices of the protocol's reads (src/abi/generateReadAbis.ts)
      'packages/protocol/src/abi/readAbis.ts',
      // files that break the import boundaries on purpose: web/src/lintBoundary.test.ts and
      // web/src/lintBoundaries.test.ts lint them
      'web/lint-fixtures/**',
      // writes that must not type-check: packages/protocol/src/writes/typedWrites.test.ts checks them
      'packages/protocol/type-fixtures/**',
      // handlers and calls that must not type-check: server/src/wire/implement.test.ts and
      // web/src/api/typedCalls.test.ts check them
      'server/type-fixtures/**',
      'web/type-fixtures/**',
      '**/test-results/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: TYPED_FILES,
    // the boundary fixtures sit in no project; web/src/lintBoundary*.test.ts lints them
    ignores: ['web/lint-fixtures/**'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: OUTSIDE_PROJECTS },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // also in JSX: an async onClick={...} is written () => void handle(), its errors handled there
      '@typescript-eslint/no-misused-promises': 'error',
      // vitest types its asymmetric matchers any: in an expected object, expect.any(Number) as unknown
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: TRANSLATED_COMPONENTS,
    ignores: TEST_FILES,
    rules: { 'no-restricted-syntax': noTextLiterals },
  },
  // Issue 14: no function over 120 lines (every line counted) and no file over 500, in every
  // source and test of every workspace, the browser journeys (e2e/src/*.e2e.ts) included.
  {
    files: [
      'web/src/**/*.{ts,tsx}',
      'server/src/**/*.ts',
      'packages/*/src/**/*.ts',
      'contracts/scripts/**/*.{js,mjs,ts}',
      'contracts/test/**/*.ts',
      'devnet/**/*.{js,mjs,ts}',
      'e2e/src/**/*.ts',
      'e2e/scripts/**/*.{js,mjs}',
      'bench/**/*.{js,mjs}',
      'scripts/**/*.{js,mjs}',
    ],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
  // no-restricted-imports: each file's last matching block below sets its whole list
  {
    files: [
      'e2e/**/*.{js,mjs,cjs,ts}',
      'bench/**/*.{js,mjs,cjs,ts}',
      'packages/schemas/**/*.{js,mjs,ts}',
      'packages/files/**/*.{js,mjs,ts}',
      'packages/consensus/**/*.{js,mjs,ts}',
      'packages/dir-lock/**/*.{js,mjs,ts}',
      'packages/validator-keys/**/*.{js,mjs,ts}',
      'packages/i18n/**/*.{js,mjs,ts}',
    ],
    rules: { 'no-restricted-imports': restricted(chainBoundary) },
  },
  {
    files: [
      'packages/schemas/**/*.{js,mjs,ts}',
      'packages/files/**/*.{js,mjs,ts}',
      'packages/consensus/**/*.{js,mjs,ts}',
      'packages/dir-lock/**/*.{js,mjs,ts}',
      'packages/validator-keys/**/*.{js,mjs,ts}',
      'packages/i18n/**/*.{js,mjs,ts}',
    ],
    ignores: PACKAGE_TEST_ENTRIES,
    rules: { 'no-restricted-imports': restricted(chainBoundary, noDevChain) },
  },
  {
    files: ['packages/protocol/**/*.{js,mjs,ts}'],
    ignores: PACKAGE_TEST_ENTRIES,
    rules: { 'no-restricted-imports': restricted(noDevChain) },
  },
  {
    files: ['web/**/*.{js,mjs,cjs,ts,tsx}'],
    rules: { 'no-restricted-imports': restricted(chainBoundary, notServer) },
  },
  ...webLayer('api', ['shell/', 'framework/', 'features/', ...WEB_TOP]),
  ...webLayer('notifications', ['shell/', 'framework/', 'features/', ...WEB_TOP]),
  ...webLayer('ui', ['shell/', 'framework/', 'features/', ...WEB_TOP]),
  ...webLayer('shell', ['framework/', 'features/', ...WEB_TOP]),
  ...webLayer('framework', ['features/', ...WEB_TOP]),
  ...featureBlocks(
    WEB_FEATURES,
    WEB_EXT,
    (depth) => [above(depth + 2, WEB_TOP, LAYER_MESSAGES.web)],
    chainBoundary,
    notServer,
  ),
  {
    files: ['server/**/*.{js,mjs,cjs,ts}'],
    rules: { 'no-restricted-imports': restricted(chainBoundary, notWeb) },
  },
  ...SERVER_SHARED.flatMap((folder) => serverLayer(folder, SERVER_ABOVE_SHARED)),
  // the shared files at the root of server/src (config, clock, secrets)
  ...serverLayer('', SERVER_ABOVE_SHARED)
    .slice(0, 1)
    .map((block) => ({
      ...block,
      files: ['server/src/config.ts', 'server/src/clock.ts', 'server/src/secrets.ts'],
    })),
  ...featureBlocks(
    SERVER_FEATURES,
    '{js,mjs,ts}',
    (depth) => [above(depth + 1, ['testing/', ...SERVER_TOP], LAYER_MESSAGES.server)],
    chainBoundary,
    notWeb,
  ).map((block) => ({ ...block, ignores: SERVER_TESTS })),
  {
    files: ['devnet/**/*.{js,mjs,cjs,ts}'],
    rules: { 'no-restricted-imports': restricted(notServer, notWeb) },
  },
  ...devnetLayer('chain', ['beacon/', 'start/', '[^/]+\\.ts']),
  ...devnetLayer('beacon', ['start/', '[^/]+\\.ts']),
  {
    files: ['contracts/**/*.{js,mjs,cjs,ts}'],
    rules: { 'no-restricted-imports': restricted(contractsAlone) },
  },
  // No import cycles (issue 26) in the sources of every workspace; the fixtures for the lint tests
  // are included so that web/src/lintBoundaries.test.ts can show the rule.
  {
    files: [
      'web/src/**/*.{ts,tsx}',
      'web/lint-fixtures/**/*.ts',
      'server/src/**/*.ts',
      'devnet/**/*.{ts,mjs}',
      'packages/*/src/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['contracts/**/*.{js,cjs,ts}'],
    languageOptions: { globals: { ...globals.mocha } },
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
