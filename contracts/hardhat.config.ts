// Hardhat 2 (EDR) configured to compile with the solc-js compiler from the npm `solc` package,
// so that compiling never needs the network.
import type { HardhatUserConfig } from 'hardhat/config';
import { subtask } from 'hardhat/config';
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from 'hardhat/builtin-tasks/task-names';
import '@nomicfoundation/hardhat-viem';

const SOLC_VERSION = '0.8.28';

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper(args);
  const solc = require('solc') as { version(): string };
  return {
    compilerPath: require.resolve('solc/soljson.js'),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: solc.version().replace('.Emscripten.clang', ''),
  };
});

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', viaIR: false },
  },
  paths: { sources: './src', tests: './test', cache: './cache', artifacts: './artifacts' },
  networks: {
    hardhat: { chainId: 88, hardfork: 'cancun', allowUnlimitedContractSize: false },
    localhost: { url: process.env.RPC_URL ?? 'http://127.0.0.1:8545', chainId: 88 },
  },
  mocha: { timeout: 120000 },
};

export default config;
