import { describe, expect, it } from 'vitest';
import { routes } from '../../routes/router.tsx';
import type { RouteObject } from 'react-router';

function find(list: RouteObject[], path: string, guards: string[] = []): string[] | null {
  for (const r of list) {
    const here = r.id ? [...guards, r.id] : guards;
    if (r.path === path) return here;
    const inner = r.children ? find(r.children, path, here) : null;
    if (inner) return inner;
  }
  return null;
}

describe('staff routes', () => {
  it('sit under the signed-in guard and the staff layout, outside the wallet gate', () => {
    const guards = find(routes, 'staff');
    expect(guards).toEqual(['signed-in', 'staff']);
    for (const p of [
      'kyc/:mstId?',
      'corporates/:mstId?',
      'support/:mstId?',
      'users/:mstId?',
      'wallets/:mstId?',
      'transactions/:mstId?',
      'pool/:mstId?',
      'payments/:mstId?',
      'agents/:mstId?',
    ])
      expect(find(routes, p), p).toEqual(['signed-in', 'staff']);
  });
});
