// Sessions and tokens: one-time authorization codes with PKCE, short-lived JWT access tokens
// (jose, HS256) and rotating refresh tokens. A session is a refresh-token family: presenting an
// already-used refresh token revokes the whole family; a family ends at an absolute expiry.
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { TokenSet } from '@payd/schemas';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { authCodes, refreshTokens, sessions, users } from '../db/schema.ts';
import type { AuthUser } from '../protocol/method.ts';
import { randomToken, safeEqual, sha256, subKey } from './secrets.ts';

export const AUTH_CODE_TTL_MS = 60_000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 3600_000;
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;

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
  constructor(private readonly o: TokenServiceOptions) {
    this.jwtKey = new TextEncoder().encode(subKey(o.tokenSecret, 'access-token'));
  }

  private now(): Date {
    return this.o.clock.now();
  }

  /** Step 1 of the code flow: a code bound to the user, the client and its PKCE challenge. */
  async issueAuthCode(
    usrId: number,
    clientId: string,
    challenge: string,
    method: 'plain' | 'S256',
  ): Promise<string> {
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

  /** Step 2: code + verifier → tokens. The code works once. */
  async exchangeCode(code: string, verifier: string, clientId: string): Promise<TokenSet> {
    const now = this.now();
    const rows = await this.o.db
      .update(authCodes)
      .set({ usedAt: now })
      .where(and(eq(authCodes.codeHash, sha256(code)), isNull(authCodes.usedAt)))
      .returning();
    const row = rows[0];
    if (!row || row.expiresAt <= now || row.clientId !== clientId) throw new TokenError('invalid code');
    const expected =
      row.codeChallengeMethod === 'S256'
        ? createHash('sha256').update(verifier).digest('base64url')
        : verifier;
    if (!safeEqual(expected, row.codeChallenge)) throw new TokenError('invalid code verifier');
    return this.startSession(row.usrId, 'password');
  }

  async startSession(usrId: number, method: SignInMethod): Promise<TokenSet> {
    const now = this.now();
    const id = randomToken(18);
    await this.o.db.insert(sessions).values({
      id,
      usrId,
      method,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    });
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

  /** Rotates a refresh token. Reusing a rotated one revokes its whole session. */
  async refresh(refreshToken: string): Promise<TokenSet> {
    const now = this.now();
    const hash = sha256(refreshToken);
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

  async revokeSession(sessionId: string): Promise<void> {
    await this.o.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user (after a password change). */
  async revokeUser(usrId: number): Promise<void> {
    await this.o.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(eq(sessions.usrId, usrId), isNull(sessions.revokedAt)));
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

  /** A valid, unexpired access token of a live session → its user. */
  async authenticate(token: string): Promise<AuthUser | null> {
    let sid: unknown;
    let sub: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.jwtKey, {
        issuer: this.o.issuer,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      sid = payload.sid;
      sub = payload.sub;
    } catch {
      return null;
    }
    if (typeof sid !== 'string' || !sub) return null;
    const rows = await this.o.db
      .select({ usrId: users.usrId, usrName: users.usrName, role: users.role, method: sessions.method })
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
    return row ? { usrId: row.usrId, usrName: row.usrName, role: row.role, sessionId: sid } : null;
  }

  async sessionMethod(sessionId: string): Promise<string> {
    const rows = await this.o.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return rows[0]?.method ?? 'password';
  }
}
