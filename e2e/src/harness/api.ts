// Calls the API as the person signed in on a page, the way the web app does: the session's Bearer
// token from localStorage, `POST /webservices/{service}Ws.asmx/{method}`, the reply's `d`.
import type { Page } from 'playwright-core';

type Row = Record<string, unknown>;

/** A reply of the API: `{ d: { status, message, data } }` unwrapped to `d`. */
export interface Reply<T = unknown> {
  status: string;
  message?: string;
  data?: T;
}

/** Calls `{service}Ws.asmx/{method}` as the user signed in on `page`. */
export async function callAs<T = unknown>(
  page: Page,
  service: string,
  method: string,
  body: object,
): Promise<Reply<T>> {
  return page.evaluate(
    async ({ service, method, body }) => {
      const tokens = JSON.parse(localStorage.getItem('payd.tokens') ?? '{}') as { access_token?: string };
      const response = await fetch(`/webservices/${service}Ws.asmx/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { d: Reply<T> }).d;
    },
    { service, method, body },
  ) as Promise<Reply<T>>;
}

/** KycPersonWs as the signed-in customer (or staff user); the reply's `d` as a plain row. */
export async function callKycPerson(page: Page, method: string, body: object): Promise<Row> {
  return (await callAs(page, 'KycPerson', method, body)) as unknown as Row;
}
