import type { MethodDefinition } from '../protocol/method.ts';
import type { AuthDeps } from './deps.ts';
export function webAuthnMethods(_deps: AuthDeps): MethodDefinition[] {
  return [];
}
