// ProfileWs UpdUsrCulture: the signed-in account remembers its language (CultureId on the session
// user, spec 002), chosen with the switcher; GetCultureList lists the ids it accepts.
import { eq } from 'drizzle-orm';
import { updUsrCultureBody, type UpdUsrCultureReply } from '@payd/schemas';
import { defineMethod, type MethodDefinition } from '../wire/method.ts';
import { invalidField } from '../wire/errors.ts';
import { cultures, users } from '../db/schema.ts';
import type { AuthDeps } from './deps.ts';

export function cultureMethods(deps: Pick<AuthDeps, 'db'>): MethodDefinition[] {
  return [
    defineMethod({
      service: 'Profile',
      method: 'UpdUsrCulture',
      body: updUsrCultureBody,
      auth: 'user',
      async handler(body, ctx): Promise<UpdUsrCultureReply> {
        const culture = (
          await deps.db.select().from(cultures).where(eq(cultures.cultureId, body.CultureId))
        )[0];
        if (!culture) throw invalidField('CultureId', 'must be one of the cultures GetCultureList lists');
        await deps.db
          .update(users)
          .set({ cultureId: culture.cultureId })
          .where(eq(users.usrId, ctx.user!.usrId));
        return { CultureId: culture.cultureId, lang: culture.langCode };
      },
    }),
  ];
}
