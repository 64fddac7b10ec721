// The API and chain calls the crash test makes, over plain HTTP as the web app and a wallet do:
// sign-up with the captcha and the mailed code (from the dev mailbox JSON), sign-in with PKCE,
// the screen services, and chain 88's JSON-RPC and faucet.
import { createHash, randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** A reply of the API, `d` unwrapped. */
export interface Reply<T = unknown> {
  status: string;
  message?: string;
  data?: T;
}

/** How long one call may take before it counts as lost (a stack that hangs is a failure too). */
const CALL_TIMEOUT_MS = 120_000;

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  }
}

/** `{service}Ws.asmx/{method}` on the stack at `base`, with an access token when given. */
export async function call<T = unknown>(
  base: string,
  service: string,
  method: string,
  body: object,
  token?: string,
): Promise<Reply<T>> {
  const json = (await postJson(
    `${base}/webservices/${service}Ws.asmx/${method}`,
    body,
    token ? { authorization: `Bearer ${token}` } : {},
  )) as { d?: Reply<T> };
  if (!json.d) throw new Error(`${service}/${method}: no reply envelope`);
  return json.d;
}

/** Like `call`, but a reply other than success is an error. */
export async function must<T = unknown>(
  base: string,
  service: string,
  method: string,
  body: object,
  token?: string,
): Promise<T> {
  const reply = await call<T>(base, service, method, body, token);
  if (reply.status !== 'success') throw new Error(`${service}/${method}: ${reply.message ?? reply.status}`);
  return reply.data as T;
}

/** Signs a new customer up: captcha, SignUp, the code from the dev mailbox, Activate. */
export async function signUp(base: string, email: string, password: string): Promise<number> {
  const challenge = (await (
    await fetch(`${base}/altcha/challenge`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
  ).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const started = await must<{ nounce: string; ticketLeft: string }>(base, 'SignUp', 'SignUp', {
    emailAddress: email,
    reCaptchaRequest: captcha,
  });
  let code: string | undefined;
  for (let i = 0; !code; i++) {
    const mails = (await (
      await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`, {
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      })
    ).json()) as { text: string }[];
    code = /code is:\s*([A-Z0-9]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!code) {
      if (i > 300) throw new Error(`no sign-up code mailed to ${email}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const activated = await must<{ UsrId: number }>(base, 'SignUp', 'Activate', {
    emailAddress: email,
    password,
    nounce: started.nounce,
    ticketLeft: started.ticketLeft,
    ticketRight: code,
  });
  return activated.UsrId;
}

/** Signs in with e-mail and password (PKCE, S256); returns the access token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const login = await must<{ accessCode: string }>(base, 'auth', 'Login', {
    client_id: 'web',
    usrName: email,
    password,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const tokens = await must<{ access_token: string }>(base, 'auth', 'GetToken', {
    client_id: 'web',
    code: login.accessCode,
    code_verifier: verifier,
  });
  return tokens.access_token;
}

/** One JSON-RPC call to chain 88. */
export async function rpc<T = unknown>(chainUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const json = (await postJson(chainUrl, { jsonrpc: '2.0', id: 1, method, params })) as {
    result?: T;
    error?: { message: string };
  };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result as T;
}

/** The devnet faucet: 100 ETH to `address`. */
export async function faucet(chainUrl: string, address: string): Promise<void> {
  const json = (await postJson(`${chainUrl}/faucet`, { address })) as { balance?: string; error?: string };
  if (!json.balance) throw new Error(`faucet: ${json.error ?? 'no balance'}`);
}
