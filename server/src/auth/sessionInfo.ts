// The signed-in user's info and the navigation data from the seeded tables: GetCurrentUsrInfo,
// GetMenu, GetReactQuickMenu, GetSystems, GetServerIdentity and SystemWs GetCultureList.
import { asc, count, eq } from 'drizzle-orm';
import {
  roleLanding,
  type MenuItem,
  getCurrentUsrInfo,
  getMenu,
  getReactQuickMenu,
  getSystems,
  getServerIdentity,
  getCultureList,
} from '@payd/schemas';
import { type MethodDefinition } from '../wire/method.ts';
import { implement } from '../wire/implement.ts';
import { accessDenied } from '../wire/errors.ts';
import {
  cultures,
  menus,
  serverIdentity,
  systems,
  users,
  wallets,
  webauthnCredentials,
} from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';

/** Menu calls default to system 5 (spec 002 section 9). */
const DEFAULT_MENU_SYSTEM = 5;

async function menuRows(
  deps: AuthDeps,
  systemId: number,
  role: number,
): Promise<{ item: MenuItem; quick: boolean }[]> {
  const rows = await deps.db
    .select()
    .from(menus)
    .where(eq(menus.systemId, systemId))
    .orderBy(asc(menus.sort));
  return rows
    .filter((r) => !r.roles || r.roles.split(',').map(Number).includes(role))
    .map((r) => ({
      quick: r.quick,
      item: {
        MenuId: r.menuId,
        ParentId: r.parentId,
        SystemId: r.systemId,
        Label: r.label,
        Path: r.path,
        Icon: r.icon,
        Sort: r.sort,
      },
    }));
}

export function sessionInfoMethods(deps: AuthDeps): MethodDefinition[] {
  return [
    implement(getCurrentUsrInfo, async (_body, ctx) => {
      const me = ctx.user!;
      const user = (await deps.db.select().from(users).where(eq(users.usrId, me.usrId)))[0];
      if (!user) throw accessDenied();
      const [culture, linked, keys, method] = await Promise.all([
        deps.db.select().from(cultures).where(eq(cultures.cultureId, user.cultureId)),
        deps.db.select({ address: wallets.address }).from(wallets).where(eq(wallets.usrId, user.usrId)),
        deps.db
          .select({ n: count() })
          .from(webauthnCredentials)
          .where(eq(webauthnCredentials.usrId, user.usrId)),
        deps.tokens.sessionMethod(me.sessionId),
      ]);
      return {
        UsrId: user.usrId,
        UsrName: user.usrName,
        UsrEmail: user.usrName,
        CompanyId: user.companyId,
        ProjectId: user.projectId,
        CultureId: user.cultureId,
        SystemId: ctx.scope.systemId,
        lang: culture[0]?.langCode ?? 'en',
        role: user.role,
        landing: roleLanding[user.role] ?? '/',
        wallets: linked.map((w) => w.address),
        passkeys: Number(keys[0]?.n ?? 0),
        signInMethod: method,
      };
    }),
    implement(getMenu, async (body, ctx) => {
      const flat = await menuRows(deps, body.systemId ?? DEFAULT_MENU_SYSTEM, ctx.user!.role);
      const byId = new Map<number, MenuItem>();
      for (const { item } of flat) byId.set(item.MenuId, { ...item, children: [] });
      const roots: MenuItem[] = [];
      for (const item of byId.values()) {
        const parent = item.ParentId !== null ? byId.get(item.ParentId) : undefined;
        if (parent) parent.children!.push(item);
        else roots.push(item);
      }
      return roots;
    }),
    implement(getReactQuickMenu, async (body, ctx) => {
      const flat = await menuRows(deps, body.systemId ?? DEFAULT_MENU_SYSTEM, ctx.user!.role);
      return flat.filter((m) => m.quick).map((m) => m.item);
    }),
    implement(getSystems, async () => {
      const rows = await deps.db.select().from(systems).orderBy(asc(systems.systemId));
      return rows.map((s) => ({
        SystemId: s.systemId,
        SystemName: s.systemName,
        SystemAbbr: s.systemAbbr,
        Active: s.active,
      }));
    }),
    implement(getServerIdentity, async () => {
      const rows = await deps.db.select().from(serverIdentity);
      const kv = new Map(rows.map((r) => [r.key, r.value]));
      return {
        ServerName: kv.get('ServerName') ?? 'payd',
        Version: kv.get('Version') ?? '',
        Environment: deps.config.mode,
        ChainId: deps.config.chainId,
        PublicUrl: deps.config.publicUrl,
      };
    }),
    implement(getCultureList, async () => {
      const rows = await deps.db.select().from(cultures).orderBy(asc(cultures.cultureId));
      return rows.map((c) => ({
        CultureId: c.cultureId,
        langCode: c.langCode,
        CultureName: c.cultureName,
      }));
    }),
  ];
}
