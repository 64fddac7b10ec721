// Sessions and tokens: one-time authorization codes with PKCE, short-lived JWT access tokens
// (jose, HS256) and rotating refresh tokens. A session is a refresh-token family: presenting an
// already-used refresh token revokes the whole family; a family ends at an absolute expiry.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { WEB_CLIENT_ID, type TokenSet } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { authCodes, refreshTokens, sessions, users } from '../db/schema.ts';
import type { AuthUser } from '../wire/method.ts';
import { randomToken, safeEqual, sha256, subKey } from '../secrets.ts';

export const AUTH_CODE_TTL_MS = 60_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 3600_000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
/**
 * How long this process trusts an access token whose session it checked in the database (one
 * round trip less per request). Revoking through this TokenService (logout, refresh-token reuse,
 * password reset) drops the entries at once, so a revoked token stops immediately in this
 * process; a change made by ANOTHER process sharing the database (a second server instance, the
 * admin CLI changing a role) shows here within this time: an entry is trusted while the clock
 * reads at most this much past the moment its database read began (a clock that went back ends
 * it). Session expiry and the token's own expiry are checked on every request.
 */
export const SESSION_CACHE_MS = 5_000;
/** At most this many tokens are remembered (the oldest go first). */
const SESSION_CACHE_SIZE = 10_000;

interface CheckedToken {
  user: AuthUser;
  /** Token expiry and session expiry, ms since epoch. */
  tokenExpiresAt: number;
  sessionExpiresAt: number;
  /** The clock (ms since epoch) when the database check began. */
  checkedAt: number;
}

export type SignInMethod = 'password' | 'passkey' | 'web3';

export class TokenError extends Error {
  override name = 'TokenError';
}

export interface TokenServiceOptions {
  db: Db;
  clock: Clock;
  tokenSecret: string;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  issuer: string;
}

export class TokenService {
  private readonly jwtKey: Uint8Array;
  /** Access token → its checked user and session (see SESSION_CACHE_MS). */
  private readonly checked = new Map<string, CheckedToken>();
  /** Bumped by every revocation: a check that overlapped one is not remembered. */
  private revocations = 0;
  constructor(private readonly o: TokenServiceOptions) {
    this.jwtKey = new TextEncoder().encode(subKey(o.tokenSecret, 'access-token'));
  }

  private now(): Date {
    return this.o.clock.now();
  }

  /** Step 1 of the code flow: a code bound to the user, the client and its PKCE challenge. */
  async issueAuthCode(usrId: number, clientId: string, challenge: string, method: 'S256'): Promise<string> {
    const code = randomToken();
    const now = this.now();
    await this.o.db.insert(authCodes).values({
      codeHash: sha256(code),
      usrId,
      clientId,
      codeChallenge: challenge,
      codeChallengeMethod: method,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_MS),
    });
    return code;
  }

  /** Step 2: code + verifier → tokens. The code works once (S256 only); presenting a used code
   * again revokes the session its first exchange made (OAuth 2.1 section 4.1.3). */
  async exchangeCode(code: string, verifier: string, clientId: string): Promise<TokenSet> {
    const now = this.now();
    const codeHash = sha256(code);
    // The session id is chosen before the code is marked used and stored with it in the same
    // write, so a replay racing this exchange still finds (and revokes) the session.
    const sessionId = randomToken(18);
    const rows = await this.o.db
      .update(authCodes)
      .set({ usedAt: now, sessionId })
      .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt)))
      .returning();
    const row = rows[0];
    if (!row) {
      await this.revokeReplayedCode(codeHash);
      throw new TokenError('invalid code');
    }
    if (row.expiresAt <= now || row.clientId !== clientId || row.codeChallengeMethod !== 'S256')
      throw new TokenError('invalid code');
    const expected = createHash('sha256').update(verifier).digest('base64url');
    if (!safeEqual(expected, row.codeChallenge)) throw new TokenError('invalid code verifier');
    return this.startSession(row.usrId, 'password', clientId, sessionId);
  }

  /** A used code presented again: the session made from it ends. When the replay overtakes the
   * first exchange's session insert, a revoked row takes its id and that insert then fails. */
  private async revokeReplayedCode(codeHash: string): Promise<void> {
    const row = (await this.o.db.select().from(authCodes).where(eq(authCodes.codeHash, codeHash)))[0];
    if (!row?.sessionId) return;
    const sessionId = row.sessionId;
    const now = this.now();
    this.forget((u) => u.sessionId === sessionId);
    await this.o.db
      .insert(sessions)
      .values({
        id: sessionId,
        usrId: row.usrId,
        method: 'password',
        clientId: row.clientId,
        createdAt: now,
        expiresAt: now,
        revokedAt: now,
      })
      .onConflictDoUpdate({
        target: sessions.id,
        set: { revokedAt: sql`COALESCE(${sessions.revokedAt}, ${now})` },
      });
    this.forget((u) => u.sessionId === sessionId);
  }

  /** A new session after a proven sign-in, bound to the OAuth client its tokens go to. */
  async startSession(
    usrId: number,
    method: SignInMethod,
    clientId: string = WEB_CLIENT_ID,
    id: string = randomToken(18),
  ): Promise<TokenSet> {
    const now = this.now();
    const inserted = await this.o.db
      .insert(sessions)
      .values({
        id,
        usrId,
        method,
        clientId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
      })
      .onConflictDoNothing()
      .returning({ id: sessions.id });
    if (inserted.length !== 1) throw new TokenError('code replayed');
    return this.tokensFor(id, usrId, now);
  }

  private async tokensFor(sessionId: string, usrId: number, now: Date): Promise<TokenSet> {
    const refresh = `${randomToken()}`;
    await this.o.db.insert(refreshTokens).values({
      tokenHash: sha256(refresh),
      sessionId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    });
    const iat = Math.floor(now.getTime() / 1000);
    const access = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(usrId))
      .setIssuer(this.o.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.o.accessTokenTtl)
      .sign(this.jwtKey);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: this.o.accessTokenTtl,
      token_type: 'Bearer',
    };
  }

  /** Rotates a refresh token of `clientId`'s session. Reusing a rotated one revokes its whole
   * session; another client's refresh token is refused without using it. */
  async refresh(refreshToken: string, clientId: string): Promise<TokenSet> {
    const now = this.now();
    const hash = sha256(refreshToken);
    const owner = await this.o.db
      .select({ clientId: sessions.clientId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hash));
    if (owner[0] && owner[0].clientId !== clientId) throw new TokenError('refresh token of another client');
    const rotated = await this.o.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning();
    const token = rotated[0];
    if (!token) {
      const old = await this.o.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
      if (old[0]) await this.revokeSession(old[0].sessionId);
      throw new TokenError('refresh token reused or unknown');
    }
    const session = (await this.o.db.select().from(sessions).where(eq(sessions.id, token.sessionId)))[0];
    if (!session || session.revokedAt || session.expiresAt <= now || token.expiresAt <= now)
      throw new TokenError('session ended');
    return this.tokensFor(session.id, session.usrId, now);
  }

  /** Forgets the remembered checks of matching tokens (before and after the revoking write, so a
   * check running meanwhile is not remembered either). */
  private forget(match: (user: AuthUser) => boolean): void {
    this.revocations++;
    for (const [token, entry] of this.checked) if (match(entry.user)) this.checked.delete(token);
  }

  async revokeSession(sessionId: string): Promise<void> {
    this.forget((u) => u.sessionId === sessionId);
    await this.o.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    this.forget((u) => u.sessionId === sessionId);
  }

  /** Ends every session of a user (after a password change). */
  async revokeUser(usrId: number): Promise<void> {
    this.forget((u) => u.usrId === usrId);
    await this.o.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.usrId, usrId), isNull(sessions.revokedAt)));
    this.forget((u) => u.usrId === usrId);
  }

  /** The session id an access token names, when its signature is valid (expired or not). */
  async sessionOfAccessToken(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.jwtKey, {
        issuer: this.o.issuer,
        algorithms: ['HS256'],
        currentDate: new Date(0),
      });
      return typeof payload.sid === 'string' ? payload.sid : null;
    } catch {
      return null;
    }
  }

  async sessionOfRefreshToken(token: string): Promise<string | null> {
    const rows = await this.o.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    return rows[0]?.sessionId ?? null;
  }

  /** A valid, unexpired access token of a live session → its user. A token checked in the
   * database within SESSION_CACHE_MS is answered from memory (same expiry checks). */
  async authenticate(token: string): Promise<AuthUser | null> {
    const now = this.now().getTime();
    const hit = this.checked.get(token);
    if (hit) {
      const age = now - hit.checkedAt;
      if (age >= 0 && age < SESSION_CACHE_MS && hit.tokenExpiresAt > now && hit.sessionExpiresAt > now)
        return { ...hit.user };
      this.checked.delete(token);
    }
    let sid: unknown;
    let sub: string | undefined;
    let exp: number | undefined;
    try {
      const { payload } = await jwtVerify(token, this.jwtKey, {
        issuer: this.o.issuer,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      sid = payload.sid;
      sub = payload.sub;
      exp = payload.exp;
    } catch {
      return null;
    }
    if (typeof sid !== 'string' || !sub) return null;
    const revocations = this.revocations;
    const checkedAt = this.now().getTime();
    const rows = await this.o.db
      .select({
        usrId: users.usrId,
        usrName: users.usrName,
        role: users.role,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.usrId, sessions.usrId))
      .where(
        and(
          eq(sessions.id, sid),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > ${this.now()}`,
          eq(users.usrId, Number(sub)),
        ),
      );
    const row = rows[0];
    if (!row) return null;
    const user: AuthUser = { usrId: row.usrId, usrName: row.usrName, role: row.role, sessionId: sid };
    if (revocations === this.revocations && exp !== undefined) {
      if (this.checked.size >= SESSION_CACHE_SIZE) {
        const oldest = this.checked.keys().next().value;
        if (oldest !== undefined) this.checked.delete(oldest);
      }
      this.checked.set(token, {
        user,
        tokenExpiresAt: exp * 1000,
        sessionExpiresAt: row.expiresAt.getTime(),
        checkedAt,
      });
    }
    return { ...user };
  }

  async sessionMethod(sessionId: string): Promise<string> {
    const rows = await this.o.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return rows[0]?.method ?? 'password';
  }
}
