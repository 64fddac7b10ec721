// ProfileWs UpdUsrCulture: the signed-in account remembers its language (CultureId on the session
// user, spec 002), chosen with the switcher; GetCultureList lists the ids it accepts.
import { eq } from 'drizzle-orm';
import { updUsrCulture } from '@payd/schemas';
import { implement } from '../wire/implement.ts';
import type { MethodDefinition } from '../wire/method.ts';
import { accessDenied, invalidField } from '../wire/errors.ts';
import { cultures, users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';

export function cultureMethods(deps: Pick<AuthDeps, 'db'>): MethodDefinition[] {
  return [
    implement(updUsrCulture, async (body, ctx) => {
      const user = ctx.user;
      if (!user) throw accessDenied();
      const culture = (
        await deps.db.select().from(cultures).where(eq(cultures.cultureId, body.CultureId))
      )[0];
      if (!culture) throw invalidField('CultureId', 'must be one of the cultures GetCultureList lists');
      await deps.db.update(users).set({ cultureId: culture.cultureId }).where(eq(users.usrId, user.usrId));
      return { CultureId: culture.cultureId, lang: culture.langCode };
    }),
  ];
}
