import type { MethodDefinition } from '../protocol/method.ts';
import type { AuthDeps } from './deps.ts';
export function web3Methods(_deps: AuthDeps): MethodDefinition[] {
  return [];
}
