// Statement download links (StakeStmtWs GetDownloadLink / GetDocZipDownload): a URL that works
// for LINK_TTL_MS and only for the signed-in session that asked for it. The token names the
// statements, the user, the session and the expiry, signed with a key derived from the server's
// token secret. A link is opened in a new browser tab, which cannot send the Bearer header, so the
// reply that hands out a link also sets an httpOnly cookie (LINK_COOKIE, only sent to the download
// path) holding a MAC of the asking session's id. The download checks the signature, the expiry,
// that the session is still live, that the request comes from that session (the cookie, or a Bearer
// token of that very session) and (access.ts) that the user may still read every statement named.
// A link copied to another browser, another session or a request without sign-in is refused.
import { hmac, safeEqual, subKey } from '../../secrets.ts';

export const LINK_TTL_MS = 5 * 60_000;

/** The cookie binding a browser to the session that asked for a link. */
export const LINK_COOKIE = 'payd_stmt';

export interface LinkClaims {
  /** Statement ids. */
  ids: number[];
  usrId: number;
  sessionId: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** One PDF shown in the browser (inline), or a zip of the statements (attachment). */
  zip: boolean;
  /** The combined statement's CSV (attachment) instead of its PDF. */
  csv?: boolean;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export class StatementLinks {
  private readonly key: string;
  private readonly cookieKey: string;
  constructor(tokenSecret: string) {
    this.key = subKey(tokenSecret, 'statement-link');
    this.cookieKey = subKey(tokenSecret, 'statement-link-session');
  }

  /** The Set-Cookie value that lets this browser use the links of session `sessionId` at `path`. */
  sessionCookie(sessionId: string, path: string, secure: boolean): string {
    const value = hmac(this.cookieKey, sessionId);
    const maxAge = LINK_TTL_MS / 1000;
    return `${LINK_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  /** True when the Cookie header carries the cookie of session `sessionId`. */
  fromSession(cookieHeader: string | undefined, sessionId: string): boolean {
    const want = hmac(this.cookieKey, sessionId);
    return (cookieHeader ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .some(([name, value]) => name === LINK_COOKIE && !!value && safeEqual(value, want));
  }

  sign(claims: Omit<LinkClaims, 'exp'>, now: Date): string {
    const body = Buffer.from(
      JSON.stringify({ ...claims, exp: now.getTime() + LINK_TTL_MS } satisfies LinkClaims),
    ).toString('base64url');
    return `${body}.${hmac(this.key, body)}`;
  }

  verify(token: string, now: Date): LinkCheck {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined || !safeEqual(mac, hmac(this.key, body)))
      return { ok: false, reason: 'invalid' };
    let claims: LinkClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (!Array.isArray(claims.ids) || !Number.isSafeInteger(claims.exp))
      return { ok: false, reason: 'invalid' };
    if (now.getTime() >= claims.exp) return { ok: false, reason: 'expired' };
    return { ok: true, claims };
  }
}
