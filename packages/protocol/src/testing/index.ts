// @payd/protocol/testing: test-only entry point. The dev chain (@payd/devnet) is used here and in
// the package's own *.test.ts files, never by the library itself (src/index.ts).
export { startLocalChain, type LocalChain } from './localChain.ts';
export { DEV_SERVER_ADMIN_KEY, startKycChain, type KycChain } from './kycChain.ts';
export { playStatementMonth, type StatementMonth } from './statementMonth.ts';
