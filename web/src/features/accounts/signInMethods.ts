// Passwordless sign-in: passkeys (WebAuthn through @simplewebauthn/browser) and web3 signatures
// (EIP-4361), and linking either to the signed-in account. Loaded on demand by the pages.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  WEB_CLIENT_ID,
  type GetTokenReply,
  type WebAuthnRegistrationReply,
  type Web3RegistrationReply,
  type WebConfig,
  Auth,
} from '@payd/schemas';
import type { ApiClient } from '../../api/client.ts';

function origin(): string {
  return window.location.origin;
}

export async function passkeyLogin(api: ApiClient, loginName: string): Promise<GetTokenReply> {
  const req = await api.call(
    Auth.GetWebAuthnAssertionRequest,
    { hostingDomainUrl: origin(), loginName },
    { auth: false },
  );
  const { options, requestJSON } = req.data;
  const result = await startAuthentication({ optionsJSON: options as never });
  const tokens = await api.call(
    Auth.WebAuthnAssertion,
    { requestJSON, resultJSON: JSON.stringify(result), client_id: WEB_CLIENT_ID },
    { auth: false },
  );
  return tokens.data;
}

export async function registerPasskey(api: ApiClient): Promise<WebAuthnRegistrationReply> {
  const req = await api.call(Auth.GetWebAuthnRegistrationRequest, {
    hostingDomainUrl: origin(),
  });
  const { options, requestJSON } = req.data;
  const result = await startRegistration({ optionsJSON: options as never });
  const reply = await api.call(Auth.WebAuthnRegistration, {
    requestJSON,
    resultJSON: JSON.stringify(result),
  });
  return reply.data;
}

async function signWeb3Request(api: ApiClient, config: WebConfig, auth: boolean) {
  // The wallet feature (and its dev wallet) loads when a wallet sign-in starts, not with /login.
  const { connectMessageSigner } = await import('../wallet/index.ts');
  const signer = await connectMessageSigner(config);
  const req = await api.call(
    Auth.GetWeb3SigningRequest,
    { hostingDomainUrl: origin(), loginName: signer.address },
    { auth },
  );
  const { message, requestJSON } = req.data;
  const signature = await signer.signMessage(message);
  return { requestJSON, resultJSON: JSON.stringify({ signature }) };
}

export async function web3Login(api: ApiClient, config: WebConfig): Promise<GetTokenReply> {
  const body = await signWeb3Request(api, config, false);
  return (await api.call(Auth.Web3Assertion, { ...body, client_id: WEB_CLIENT_ID }, { auth: false })).data;
}

/** The wallet signs a sign-in message for the signed-in account (the first half of linking). */
export function signWalletLink(api: ApiClient, config: WebConfig): Promise<WalletLinkBody> {
  return signWeb3Request(api, config, true);
}
export type WalletLinkBody = { requestJSON: string; resultJSON: string };

/** Links the signed wallet: can be sent again with the same body after a `reauth_required`. */
export async function linkSignedWallet(api: ApiClient, body: WalletLinkBody): Promise<Web3RegistrationReply> {
  return (await api.call(Auth.Web3Registration, body)).data;
}
