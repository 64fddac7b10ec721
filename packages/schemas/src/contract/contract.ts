// One contract per server method: its service, method, body schema, reply schema and who may call
// it. The server implements a contract (server/src/wire/implement.ts), the web calls it through a
// reference that carries the same types without loading zod (`ref` below, files in ../methods/),
// and the OpenAPI document is produced from the contracts. This file has no runtime dependency on
// zod, so a page that only calls methods loads none.
import type { z } from 'zod';

/** 'public': anyone; 'optional': anyone, user set when a valid token is sent; 'user': any
 * signed-in user; a list: signed-in users with one of these role ids. */
export type AuthRule = 'public' | 'optional' | 'user' | readonly number[];

/** Types a method carries to its callers: what is sent, what comes back in `d.data` and in
 * `d.supportingData`. Only types: the value is never set. */
export interface MethodTypes<Body, Reply, Supporting> {
  body: Body;
  reply: Reply;
  supporting: Supporting;
}

/** What a caller needs to call a method: its path's two names, and its types. */
export interface MethodRef<Body = unknown, Reply = unknown, Supporting = unknown> {
  readonly service: string;
  readonly method: string;
  /** Phantom: never set at run time. */
  readonly types?: MethodTypes<Body, Reply, Supporting>;
}

export type BodyOf<R> = R extends MethodRef<infer B, unknown, unknown> ? B : never;
export type ReplyOf<R> = R extends MethodRef<unknown, infer T, unknown> ? T : never;
export type SupportingOf<R> = R extends MethodRef<unknown, unknown, infer S> ? S : never;

/** One method: the contract both sides and the API reference are built from. */
export interface MethodContract<
  Service extends string = string,
  Method extends string = string,
  Body extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
  Supporting extends z.ZodType | undefined = z.ZodType | undefined,
> extends MethodRef<
  z.input<Body>,
  z.output<Reply>,
  Supporting extends z.ZodType ? z.output<Supporting> : undefined
> {
  readonly service: Service;
  readonly method: Method;
  readonly body: Body;
  /** The shape of `d.data` on success (`null` when the method answers nothing). */
  readonly reply: Reply;
  /** The shape of `d.supportingData`, for the methods that send one. */
  readonly supporting?: Supporting;
  readonly auth: AuthRule;
  /** One line for the API reference. */
  readonly summary: string;
  /** A body (and the reply it gets) for the API reference; checked against the schemas in tests. */
  readonly example?: { body: z.input<Body>; reply?: z.input<Reply> };
}

export function defineContract<
  const Service extends string,
  const Method extends string,
  Body extends z.ZodType,
  Reply extends z.ZodType,
  Supporting extends z.ZodType | undefined = undefined,
>(
  contract: MethodContract<Service, Method, Body, Reply, Supporting>,
): MethodContract<Service, Method, Body, Reply, Supporting> {
  return contract;
}

/** The web's handle on a contract: the two names, checked against the contract by tsc (a
 * misspelt name does not compile), and the contract's types, without its schemas. */
export function ref<C extends MethodContract>(
  service: C['service'],
  method: C['method'],
): MethodRef<BodyOf<C>, ReplyOf<C>, SupportingOf<C>> {
  return { service, method };
}

type AllKeys<R> = R extends unknown ? keyof R : never;
type At<R, K> = R extends unknown ? (K extends keyof R ? R[K] : never) : never;
type ElementOf<R> = R extends readonly (infer E)[] ? E : never;

/**
 * `O` with every key the reply type `R` lacks turned to `never`, at any depth: a handler whose
 * result is `Promise<O & Exact<O, R>>` does not compile when it returns a field the reply schema
 * does not name (TypeScript's own check stops at object literals).
 */
export type Exact<O, R> = unknown extends R
  ? O
  : O extends readonly (infer E)[]
    ? Exact<E, ElementOf<R>>[]
    : O extends Date | bigint | string | number | boolean | null | undefined
      ? O
      : O extends object
        ? { [K in keyof O]: K extends AllKeys<R> ? Exact<O[K], At<R, K>> : never }
        : O;

declare const jsonOf: unique symbol;
/** Text holding the JSON of a `T` (a method whose reply is JSON text, e.g. CynopsisWs
 * FaceCompare); `T` is a phantom carried to the caller, read with parseJsonText. */
export type JsonText<T> = string & { readonly [jsonOf]?: T };

/** The JSON text of `value`, typed by what it holds (checked against a reply's JsonText type). */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value);
}

/** The value a reply's JSON text holds, as its contract describes it. */
export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}
