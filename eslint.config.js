// Lint rules for every workspace: typescript-eslint's recommended set, React hooks in web, and the
// chain boundary (no contract ABIs or deployment files outside packages/protocol, contracts, devnet).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One road to the chain (issue 11): only packages/protocol, contracts/ and devnet/ may import the
// contracts' ABIs, build artifacts or deployment files; everything else goes through @payd/protocol.
const CHAIN_BOUNDARY_MESSAGE =
  'Talk to the payd contracts through @payd/protocol; only packages/protocol, contracts/ and devnet/ import ABIs, artifacts or deployment files.';
const chainBoundary = {
  patterns: [
    { group: ['@payd/contracts', '@payd/contracts/*'], message: CHAIN_BOUNDARY_MESSAGE },
    {
      // relative paths into contracts/ (the package name is the pattern above)
      regex: '^(\\.{1,2}/)+(.*/)?contracts/(abi|artifacts|deployments|typechain)(/|$)',
      message: CHAIN_BOUNDARY_MESSAGE,
    },
  ],
};

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
      // files that break the chain boundary on purpose: web/src/lintBoundary.test.ts lints them
      'web/lint-fixtures/**',
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
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: [
      'web/**/*.{js,mjs,cjs,ts,tsx}',
      'server/**/*.{js,mjs,cjs,ts}',
      'e2e/**/*.{js,mjs,cjs,ts}',
      'bench/**/*.{js,mjs,cjs,ts}',
      'packages/schemas/**/*.{js,mjs,ts}',
      'packages/files/**/*.{js,mjs,ts}',
      'packages/validator-keys/**/*.{js,mjs,ts}',
    ],
    rules: { 'no-restricted-imports': ['error', chainBoundary] },
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
