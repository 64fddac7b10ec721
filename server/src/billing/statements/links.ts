// Statement download links (StakeStmtWs GetDownloadLink / GetDocZipDownload): a URL that works
// for LINK_TTL_MS and only for the signed-in session that asked for it. The token names the
// statements, the user, the session and the expiry, signed with a key derived from the server's
// token secret; the download checks the signature, the expiry, that the session is still live,
// and (download.ts) that the user may still read every statement named.
import { hmac, safeEqual, subKey } from '../../secrets.ts';

export const LINK_TTL_MS = 5 * 60_000;

export interface LinkClaims {
  /** Statement ids. */
  ids: number[];
  usrId: number;
  sessionId: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** One PDF shown in the browser (inline), or a zip of the statements (attachment). */
  zip: boolean;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

export class StatementLinks {
  private readonly key: string;
  constructor(tokenSecret: string) {
    this.key = subKey(tokenSecret, 'statement-link');
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
