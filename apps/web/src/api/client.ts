import { siteCalls, type CallInput, type CallReply, type CallRoute } from '@site/contract';
import { t } from '../i18n/zh-TW';
import { readCookie } from './cookies';
import { buildQuery, type QueryParams } from './query-string';

/** A field the server refused, with its problem (zh-TW text, or a short code such as 'taken'). */
export interface FieldProblem {
  name: string;
  problem: string;
}

/**
 * A call that did not succeed; `message` is zh-TW text fit to show as is. `data` is the error
 * envelope's `data` (what a refusal gives to act on: DEVICE_LIMIT's devices, STREAM_LIMIT's
 * streams), empty when it had none.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    readonly fields: readonly FieldProblem[] = [],
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

/** What `call` needs of a contract (zod) schema; typing it structurally keeps zod out of the app's imports. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/**
 * The contract's SUCCESS_CODE, repeated here (client.test.ts checks they agree): the contract's
 * envelope module builds zod schemas at import time, and the header's session calls live in
 * the first chunk, which must stay free of zod.
 */
export const SUCCESS_CODE = '0';

/** Codes for failures that never reached a server reply. */
export const NETWORK_ERROR = 'NETWORK';
export const BAD_REPLY = 'BAD_REPLY';

/** The double-submit CSRF pair (docs/adr/0006): the readable cookie echoed in a header. */
export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldsOf(body: unknown): FieldProblem[] {
  const fields = isRecord(body) && isRecord(body.data) ? body.data.fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (field): field is FieldProblem =>
      isRecord(field) && typeof field.name === 'string' && typeof field.problem === 'string',
  );
}

/**
 * The `data` of an envelope `{status:{code,message},data}`, or an ApiError carrying the server's
 * code, zh-TW message, field problems and the refusal's `data`. Without a readable envelope the message is our own.
 */
export function readEnvelope(httpStatus: number, body: unknown): unknown {
  const status = isRecord(body) && isRecord(body.status) ? body.status : undefined;
  const code = typeof status?.code === 'string' ? status.code : undefined;
  const message =
    typeof status?.message === 'string' && status.message ? status.message : t.common.loadFailed;
  if (code === undefined) throw new ApiError(BAD_REPLY, message, httpStatus);
  if (code !== SUCCESS_CODE || httpStatus < 200 || httpStatus >= 300) {
    const failure = code === SUCCESS_CODE ? `HTTP_${httpStatus}` : code;
    const data = isRecord(body) && isRecord(body.data) ? body.data : {};
    throw new ApiError(failure, message, httpStatus, fieldsOf(body), data);
  }
  return (body as { data: unknown }).data;
}

async function send<T>(
  url: string,
  init: RequestInit,
  schema: Schema<T> | undefined,
  failure: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, failure, 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const data = readEnvelope(response.status, body);
  return schema ? schema.parse(data) : (data as T);
}

/** GET a site path and return its `data`, checked against `schema` when one is given. */
function getJson<T>(
  path: string,
  params: QueryParams,
  schema: Schema<T> | undefined,
  signal?: AbortSignal,
): Promise<T> {
  const init: RequestInit = { headers: { accept: 'application/json' } };
  if (signal) init.signal = signal;
  return send(path + buildQuery(params), init, schema, t.common.loadFailed);
}

/** The CSRF token; a browser without the cookie yet gets one from the login-info call. */
export async function csrfToken(): Promise<string | undefined> {
  const token = readCookie(document.cookie, CSRF_COOKIE);
  if (token) return token;
  await fetch(siteCalls.getLoginInfo, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
  return readCookie(document.cookie, CSRF_COOKIE) || undefined;
}

/**
 * POST a JSON body to a state-changing site path (with the CSRF header) and return its `data`;
 * failures throw ApiError with the server's zh-TW message and field problems. Described calls go
 * through `call`; this is for the two live bookmark calls, which have no description yet.
 */
export async function postJson<T>(
  path: string,
  body: object,
  schema: Schema<T> | undefined,
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const token = await csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  return send(
    path,
    { method: 'POST', headers, body: JSON.stringify(body) },
    schema,
    t.common.actionFailed,
  );
}

export interface CallOptions<Reply> {
  /** Aborts the request (a query's signal). */
  signal?: AbortSignal | undefined;
  /**
   * The reply's contract schema, to check it against (callers give one in development only:
   * the server already validates what it sends, and production should not pay for zod twice).
   */
  check?: Schema<Reply> | undefined;
}

/**
 * Makes a described site call (`callRoutes.<name>` of the contract, ADR 0034): the input is the
 * description's (a GET's query, a POST's JSON body with the CSRF header), the answer its
 * envelope's `data`. Failures throw ApiError with the server's zh-TW message and field problems.
 * The route carries only method and path at run time, so no zod comes with it.
 */
export function call<Route extends CallRoute>(
  route: Route,
  input: CallInput<Route>,
  options: CallOptions<CallReply<Route>> = {},
): Promise<CallReply<Route>> {
  const body = (input ?? {}) as object;
  if (route.method === 'GET') {
    return getJson(route.path, body as QueryParams, options.check, options.signal);
  }
  return postJson(route.path, body, options.check);
}
