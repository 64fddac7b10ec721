// Reads compiled contracts from contracts/artifacts (created by `npx hardhat compile`).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Abi, Hex } from 'viem';

export const contractsRoot = path.resolve(__dirname, '..');
const artifactsRoot = path.join(contractsRoot, 'artifacts', 'src');

export interface Artifact {
  contractName: string;
  sourceName: string;
  abi: Abi;
  bytecode: Hex;
}

/** Every compiled contract under src/, keyed by name. */
export function listArtifacts(): Map<string, Artifact> {
  const found = new Map<string, Artifact>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json') && !entry.name.endsWith('.dbg.json')) {
        const a = JSON.parse(readFileSync(full, 'utf8')) as Artifact;
        found.set(a.contractName, a);
      }
    }
  };
  if (existsSync(artifactsRoot)) walk(artifactsRoot);
  return found;
}

let cache: Map<string, Artifact> | undefined;

export function artifact(name: string): Artifact {
  cache ??= listArtifacts();
  const a = cache.get(name);
  if (!a) throw new Error(`No artifact for ${name}: run \`npx hardhat compile\` in contracts/`);
  return a;
}

export function hasArtifact(name: string): boolean {
  cache ??= listArtifacts();
  return cache.has(name);
}
