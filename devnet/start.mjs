// `npm start`: the embedded default of payd in one supervised process tree (see src/start.ts).
// Plain JavaScript so that it can tell the user what is missing before anything is imported.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const needed = ['tsx', 'hardhat', 'vite', 'fastify'];
const missing = needed.filter((name) => !existsSync(`${root}node_modules/${name}/package.json`));
if (missing.length > 0) {
  console.error(`payd: dependencies are not installed (missing ${missing.join(', ')}).`);
  console.error('Run `npm install` in the repository root first, then `npm start` again.');
  process.exit(1);
}

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('./src/start.ts');
await main();
