// StakeUserInfoWs beyond the common operations: the agents offered at wallet registration
// (reference codes of category 'stakeAgent') and SaveData with one profile per customer.
import { getAgentList, stakeUserInfoSaveData } from '@payd/schemas';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { caller, emptyKey, saveInTx, type StakingDeps } from './methodKit.ts';
import { agentChoices, checkNewProfile } from './registration.ts';
import { stakeUserInfoScreen } from './screens.ts';

export function userInfoMethods(d: StakingDeps): MethodDefinition[] {
  const { db } = d;
  return [
    implement(getAgentList, (b) => agentChoices(db, b.query ?? '', b.topN ?? 50)),
    implement(stakeUserInfoSaveData, async (b, ctx) => {
      const c = caller(ctx);
      if (emptyKey(b.mst.StakeInfoId17)) await checkNewProfile(db, c);
      const mst = await saveInTx(d, stakeUserInfoScreen, c, b, {});
      ctx.setMessage('Saved');
      return { mst };
    }),
  ];
}
