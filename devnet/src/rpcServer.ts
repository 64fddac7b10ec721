// The devnet's HTTP face: JSON-RPC for chain 88 (single and batch, CORS open for browsers, and a
// websocket endpoint for subscriptions), the faucet and the dev time controls.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ChainRpcError, FAUCET_AMOUNT_WEI, type JournaledChain } from './chain/journaledChain.ts';
import { FTX_FAUCET_AMOUNT_WEI, ftxTokenAddress, giveFTX } from './chain/ftxFaucet.ts';

/** Largest request body accepted (contract deployments are the big ones). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

interface RpcCall {
  jsonrpc?: string;
  id?: string | number | null;
  method?: unknown;
  params?: unknown;
}

type RpcReply =
  | { jsonrpc: '2.0'; id: string | number | null; result: unknown }
  | { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string; data?: unknown } };

/** A started devnet HTTP server. */
export interface RpcServer {
  /** Base URL, e.g. `http://127.0.0.1:8545`. */
  url: string;
  /** Port it listens on. */
  port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Options of `startRpcServer`. */
export interface RpcServerOptions {
  chain: JournaledChain;
  /** Port; 0 picks a free one. */
  port: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
}

async function answer(chain: JournaledChain, msg: RpcCall): Promise<RpcReply> {
  const id = msg.id ?? null;
  if (typeof msg.method !== 'string' || (msg.params !== undefined && !Array.isArray(msg.params)))
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } };
  try {
    const params = msg.params as unknown[] | undefined;
    const result = await chain.request(
      params === undefined ? { method: msg.method } : { method: msg.method, params },
    );
    return { jsonrpc: '2.0', id, result: result ?? null };
  } catch (error) {
    const e = error instanceof ChainRpcError ? error : new ChainRpcError(String(error), -32603);
    return {
      jsonrpc: '2.0',
      id,
      error: { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) },
    };
  }
}

/** Answers a JSON-RPC payload: one call or a batch. */
async function answerPayload(chain: JournaledChain, payload: unknown): Promise<RpcReply | RpcReply[]> {
  if (Array.isArray(payload)) {
    if (payload.length === 0)
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Empty batch' } };
    return Promise.all(payload.map((m) => answer(chain, (m ?? {}) as RpcCall)));
  }
  return answer(chain, (payload ?? {}) as RpcCall);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function handle(chain: JournaledChain, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader('access-control-allow-headers', 'content-type');
  const path = new URL(req.url ?? '/', 'http://devnet').pathname;

  if (req.method === 'OPTIONS') {
    res.writeHead(204).end();
    return;
  }
  if (req.method === 'GET' && path === '/health') {
    const time = await chain.time();
    send(res, 200, { ok: true, chainId: chain.chainId, blockNumber: time.blockNumber });
    return;
  }
  if (req.method === 'GET' && path === '/dev/time') {
    send(res, 200, await chain.time());
    return;
  }
  if (req.method !== 'POST') {
    send(res, 404, { error: 'Not found' });
    return;
  }

  const body = parseJson(await readBody(req));
  if (path === '/') {
    if (!body.ok)
      send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    else send(res, 200, await answerPayload(chain, body.value));
    return;
  }
  const fields = (
    body.ok && typeof body.value === 'object' && body.value !== null ? body.value : {}
  ) as Record<string, unknown>;
  if (path === '/faucet') {
    const address = fields.address;
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
      send(res, 400, { error: 'address must be a 0x-prefixed 20-byte hex address' });
      return;
    }
    const balance = await chain.fund(address);
    send(res, 200, { address, amount: FAUCET_AMOUNT_WEI.toString(), balance: balance.toString() });
    return;
  }
  if (path === '/faucet/ftx') {
    const address = fields.address;
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
      send(res, 400, { error: 'address must be a 0x-prefixed 20-byte hex address' });
      return;
    }
    const token = ftxTokenAddress();
    if (!token) {
      send(res, 503, { error: 'no chain-88 deployment with an FTX token yet' });
      return;
    }
    const hash = await giveFTX(chain, token, address);
    send(res, 200, { address, amount: FTX_FAUCET_AMOUNT_WEI.toString(), hash });
    return;
  }
  if (path === '/dev/time') {
    const seconds = fields.seconds;
    if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds <= 0) {
      send(res, 400, { error: 'seconds must be a positive whole number' });
      return;
    }
    send(res, 200, await chain.advanceTime(seconds));
    return;
  }
  send(res, 404, { error: 'Not found' });
}

/** Serves JSON-RPC over a websocket; subscriptions are routed back to the socket that made them. */
function serveWebsocket(chain: JournaledChain, wss: WebSocketServer): void {
  const owners = new Map<string, WebSocket>();
  chain.onSubscription(({ subscription, result }) => {
    const ws = owners.get(subscription);
    if (ws && ws.readyState === ws.OPEN)
      ws.send(
        JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription, result } }),
      );
  });
  wss.on('connection', (ws) => {
    const mine = new Set<string>();
    const answerMessage = async (data: RawData) => {
      const parsed = parseJson(String(data));
      if (!parsed.ok) {
        ws.send(
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
        );
        return;
      }
      const reply = await answerPayload(chain, parsed.value);
      for (const r of Array.isArray(reply) ? reply : [reply]) {
        const call = (Array.isArray(parsed.value) ? parsed.value : [parsed.value]).find(
          (m: RpcCall) => m?.id === r.id,
        ) as RpcCall | undefined;
        if (call?.method === 'eth_subscribe' && 'result' in r && typeof r.result === 'string') {
          owners.set(r.result, ws);
          mine.add(r.result);
        }
      }
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
    };
    // Chain errors are already JSON-RPC error replies (answer); anything else is answered as the
    // HTTP side answers it, instead of an unhandled rejection that would stop the devnet.
    ws.on('message', (data) => {
      answerMessage(data).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (ws.readyState === ws.OPEN)
          ws.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message } }));
      });
    });
    ws.on('close', () => {
      for (const id of mine) {
        owners.delete(id);
        void chain.request({ method: 'eth_unsubscribe', params: [id] }).catch(() => undefined);
      }
    });
  });
}

/** Starts the devnet HTTP/websocket server in front of `chain`. */
export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const { chain } = options;
  const server: Server = createServer((req, res) => {
    handle(chain, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: error instanceof Error ? error.message : String(error) });
      else res.end();
    });
  });
  const wss = new WebSocketServer({ server });
  serveWebsocket(chain, wss);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
