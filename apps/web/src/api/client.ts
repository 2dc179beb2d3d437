import { SUCCESS_CODE } from '@site/contract';
import { t } from '../i18n/zh-TW';
import { buildQuery, type QueryParams } from './query-string';

/** A call that did not succeed; `message` is zh-TW text fit to show as is. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

/** What getJson needs of a contract (zod) schema; typing it structurally keeps zod out of the app's imports. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/** Codes for failures that never reached a server reply. */
export const NETWORK_ERROR = 'NETWORK';
export const BAD_REPLY = 'BAD_REPLY';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The `data` of an envelope `{status:{code,message},data}`, or an ApiError carrying the server's
 * code and zh-TW message. Without a readable envelope the message is our own generic one.
 */
export function readEnvelope(httpStatus: number, body: unknown): unknown {
  const status = isRecord(body) && isRecord(body.status) ? body.status : undefined;
  const code = typeof status?.code === 'string' ? status.code : undefined;
  const message =
    typeof status?.message === 'string' && status.message ? status.message : t.common.loadFailed;
  if (code === undefined) throw new ApiError(BAD_REPLY, message, httpStatus);
  if (code !== SUCCESS_CODE || httpStatus < 200 || httpStatus >= 300) {
    throw new ApiError(code === SUCCESS_CODE ? `HTTP_${httpStatus}` : code, message, httpStatus);
  }
  return (body as { data: unknown }).data;
}

/**
 * GET a site call and return its `data`, checked against `schema` when one is given (callers give
 * one in development only: the server already validates what it sends, and production should not
 * pay for zod twice).
 */
export async function getJson<T>(
  path: string,
  params: QueryParams,
  schema: Schema<T> | undefined,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path + buildQuery(params), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR, t.common.loadFailed, 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const data = readEnvelope(response.status, body);
  return schema ? schema.parse(data) : (data as T);
}
