// StakeAgentWs (screen 40, entity StakeAgent40): admins keep the agents customers may pick at
// wallet registration (StakeUserInfoWs GetAgentNumber17List: ref codes of category
// 'stakeAgent'). Rows are the view stake_agent over ref_codes (migration 0230).
//
// Decisions: only admins reach the screen. An agent's id is fixed once saved (customers store it
// in their staking profile); its name and sort order may change. An agent no customer chose may
// be deleted; one that customers chose is retired instead (status Inactive: category
// 'stakeAgentInactive', no longer offered, the customers keep it).
import { and, inArray, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../db/errors.ts';
import { refCodes } from '../db/schema.ts';
import { stakeAgentSaveData } from '@payd/schemas';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Caller } from '../framework/definition.ts';
import { defineScreen } from '../framework/definition.ts';
import { num, ref, text } from '../framework/columns.ts';
import { ScreenEngine } from '../framework/engine.ts';
import { screenMethods } from '../framework/methods.ts';
import { Role } from '../framework/roles.ts';
import { accessDenied, invalidField } from '../wire/errors.ts';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';

export const StakeAgentMessages = {
  badId: 'Agent ID may contain only letters, digits, dots, dashes and underscores.',
  idFixed: 'The Agent ID of a saved agent cannot change.',
  duplicate: (id: string) => `Agent ID ${id} exists already.`,
} as const;

const agentIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ACTIVE = 'stakeAgent';
const INACTIVE = 'stakeAgentInactive';

export const stakeAgentScreen = defineScreen({
  screenId: 40,
  service: 'StakeAgent',
  entity: 'StakeAgent40',
  title: 'Stake Agents',
  help: 'Agents customers may choose at wallet registration. Inactive agents are no longer offered.',
  master: {
    table: 'stake_agent',
    columns: [
      num('AgentKey40', 'ref_code_id', 'Key', { system: 'key' }),
      text('AgentId40', 'code', 'Agent ID', {
        required: true,
        requiredMessage: 'Please enter the Agent ID.',
        maxLength: 50,
      }),
      text('AgentName40', 'label', 'Agent Name', {
        required: true,
        requiredMessage: 'Please enter the agent name.',
        maxLength: 200,
        audited: true,
      }),
      ref('AgentStatus40', 'cat', 'Status', 'stakeAgentStatus', {
        required: true,
        defaultValue: ACTIVE,
        audited: true,
      }),
      num('Sort40', 'sort', 'Sort Order', { min: -1_000_000, max: 1_000_000, defaultValue: 0 }),
      num('CustomerCnt40', 'customer_cnt', 'Customers', { readOnly: 'all' }),
    ],
  },
  searchList: {
    label: 'AgentName40',
    labelR: 'AgentStatus40',
    detail: 'AgentId40',
    detailR: 'CustomerCnt40',
    search: ['AgentName40', 'AgentId40'],
    orderBy: 'AgentKey40',
    orderDir: 'desc',
  },
  access: [
    { roles: [Role.admin], rows: 'all', allowAdd: true, allowUpd: true, allowDel: true, viewOnly: false },
  ],
  buttons: { Copy: { enabled: false } },
  filters: [
    { id: 1, label: 'Active', column: 'AgentStatus40', in: [ACTIVE] },
    { id: 2, label: 'Inactive', column: 'AgentStatus40', in: [INACTIVE] },
  ],
  // An agent customers chose is retired, not deleted.
  rowRule: (row) => ({ allowUpd: true, allowDel: Number(row.CustomerCnt40 ?? 0) === 0 }),
  beforeSave: ({ isNew, before, values }) => {
    const id = values.AgentId40;
    if (isNew) {
      if (typeof id !== 'string' || !agentIdPattern.test(id))
        throw invalidField('mst.AgentId40', StakeAgentMessages.badId);
    } else if (id !== undefined && before && String(id) !== String(before.AgentId40))
      throw invalidField('mst.AgentId40', StakeAgentMessages.idFixed);
  },
});

/** The screen's methods: the common ones, with SaveData answering a taken Agent ID by name. */
export function stakeAgentMethods(db: Db, clock: Clock): MethodDefinition[] {
  const engine = new ScreenEngine(stakeAgentScreen, { db, clock });
  const save = implement(stakeAgentSaveData, async (b, ctx) => {
    if (!ctx.user) throw accessDenied();
    const caller: Caller = { usrId: ctx.user.usrId, usrName: ctx.user.usrName, role: ctx.user.role };
    engine.access(caller);
    const id = typeof b.mst.AgentId40 === 'string' ? b.mst.AgentId40 : '';
    const key = b.mst.AgentKey40;
    // Another row of the view stake_agent (ref codes of either agent category) with this id.
    const taken = await db
      .select({ refCodeId: refCodes.refCodeId })
      .from(refCodes)
      .where(
        and(
          inArray(refCodes.cat, [ACTIVE, INACTIVE]),
          sql`lower(${refCodes.code}) = lower(${id})`,
          sql`${refCodes.refCodeId}::text <> ${key === undefined || key === null ? '' : String(key)}`,
        ),
      );
    if (id && taken.length) throw invalidField('mst.AgentId40', StakeAgentMessages.duplicate(id));
    let saved;
    try {
      saved = await engine.saveData(caller, { mst: b.mst, dtl: b.dtl ?? [], options: b.options });
    } catch (error) {
      // Another admin saved the same Agent ID between the check above and this save: the
      // unique index refuses it, and the answer is the same field message.
      if (isUniqueViolation(error)) throw invalidField('mst.AgentId40', StakeAgentMessages.duplicate(id));
      throw error;
    }
    ctx.setMessage('Saved');
    return saved;
  });
  return [...screenMethods(engine).filter((m) => m.method !== 'SaveData'), save];
}
