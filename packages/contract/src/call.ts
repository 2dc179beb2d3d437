import type { z } from 'zod';

/**
 * Who may make a call (issue 21): anyone; a member (a signed-in session), where a visitor either
 * gets 401 NOT_LOGGED_IN or, for the calls that answer visitors, the given `visitor` data (the
 * lists' isLogin N); or an adult member, a kid sub-account refused with the named reason
 * (accounts/access.ts holds the words).
 */
export type Access<Data = unknown> =
  | { readonly who: 'anyone' }
  | { readonly who: 'member'; readonly visitor?: Data }
  | { readonly who: 'adult'; readonly kidRefusal: KidRefusal };

export type KidRefusal =
  | 'purchase'
  | 'redeem'
  | 'draw'
  | 'inbox'
  | 'binding'
  | 'kidPin'
  | 'password'
  | 'devices'
  | 'account';

/**
 * One call of the site face, described once: the server registers its route from this (input
 * validation, the reply's schema in the OpenAPI document, the right check, the cache header) and
 * clients name it to call it.
 */
export interface CallDescription<
  Input extends z.ZodType = z.ZodType,
  Reply extends z.ZodType = z.ZodType,
  Who extends Access<ReplyData<Reply>> = Access<ReplyData<Reply>>,
> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  /** The query string of a GET, the body of a POST; none when the call takes nothing. */
  readonly input?: Input;
  /** The whole envelope on success. */
  readonly reply: Reply;
  readonly access: Who;
  /**
   * 'private': the reply is this viewer's and no cache may keep it (`private, no-store`);
   * `{ publicMaxAge: n }`: the same for everyone, any cache may keep it n seconds
   * (`public, max-age=n`).
   */
  readonly cache?: 'private' | { readonly publicMaxAge: number };
}

/** The `data` of a call's envelope. */
export type ReplyData<Reply extends z.ZodType> =
  z.infer<Reply> extends { data: infer D } ? D : never;

/** A call's description, typed by its input and reply schemas. */
export function describeCall<
  Input extends z.ZodType,
  Reply extends z.ZodType,
  const Who extends Access<ReplyData<Reply>>,
>(call: CallDescription<Input, Reply, Who>): CallDescription<Input, Reply, Who> {
  return call;
}
