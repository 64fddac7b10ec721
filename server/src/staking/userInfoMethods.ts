// StakeUserInfoWs beyond the common operations: the agents offered at wallet registration
// (reference codes of category 'stakeAgent') and SaveData with one profile per customer.
import { z } from 'zod';
import type { MethodDefinition } from '../wire/method.ts';
import { emptyKey, method, saveBody, saveInTx, type StakingDeps } from './methodKit.ts';
import { agentChoices, checkNewProfile } from './registration.ts';
import { stakeUserInfoScreen } from './screens.ts';

export function userInfoMethods(d: StakingDeps): MethodDefinition[] {
  const { db } = d;
  return [
    method(
      'StakeUserInfo',
      'GetAgentNumber17List',
      z
        .object({
          query: z.string().max(200).optional(),
          topN: z.number().int().min(1).max(500).optional(),
        })
        .loose(),
      (b) => agentChoices(db, b.query ?? '', b.topN ?? 50),
    ),
    method('StakeUserInfo', 'SaveData', saveBody, async (b, c, ctx) => {
      if (emptyKey(b.mst.StakeInfoId17)) await checkNewProfile(db, c);
      const mst = await saveInTx(d, stakeUserInfoScreen, c, b, {});
      ctx.setMessage('Saved');
      return { mst };
    }),
  ];
}
