import type { ConsoleCallDescription, StaffAccess } from '@site/contract/console';
import type { z } from 'zod';

export type AnyCall = ConsoleCallDescription<z.ZodType, z.ZodType, z.ZodType, StaffAccess>;

/** What a call takes: its input (query or body) and its path's `:params`, in one object. */
export type CallInput<D> =
  D extends ConsoleCallDescription<infer I, z.ZodType, infer P, StaffAccess>
    ? z.input<I> & z.input<P>
    : never;

/** What a call answers: the envelope's `data`. */
export type CallData<D> =
  D extends ConsoleCallDescription<z.ZodType, infer R, z.ZodType, StaffAccess>
    ? z.output<R> extends { data: infer T }
      ? T
      : never
    : never;

export interface FieldProblem {
  name: string;
  problem: string;
}

/** A refused call: the HTTP status and the envelope's code, message and field problems. */
export class ConsoleCallError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    message: string,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'ConsoleCallError';
  }
}

export const CSRF_COOKIE = 'console_csrf';

export function csrfToken(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return '';
}

/** Heard by the app: the session ended (401 STAFF_NOT_SIGNED_IN on any call). */
export const SESSION_ENDED_EVENT = 'console:session-ended';

/** The path with its `:name` segments filled from input; the names used are returned too. */
export function fillPath(path: string, input: Record<string, unknown>) {
  const used = new Set<string>();
  const filled = path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(String(input[name] ?? ''));
  });
  return { filled, used };
}

/** A query string of the input's non-empty values (without '?', '' when none). */
export function queryOf(input: Record<string, unknown>, skip: ReadonlySet<string> = new Set()) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (skip.has(name) || value === undefined || value === null || value === '') continue;
    query.set(name, String(value));
  }
  return query.toString();
}

/** The address of a call with the given input (a GET's query string included). */
export function callUrl(description: AnyCall, input: Record<string, unknown> = {}): string {
  const { filled, used } = fillPath(description.path, input);
  const query = queryOf(input, used);
  return query ? `${filled}?${query}` : filled;
}

/**
 * Makes one console call as its description says: the method and path (`:params` from input),
 * the rest of input as the query string of a GET or DELETE and the JSON body otherwise, the CSRF
 * proof on every state change. Answers the envelope's data, or throws a ConsoleCallError.
 */
export async function call<D extends AnyCall>(
  description: D,
  given?: CallInput<D>,
): Promise<CallData<D>> {
  const input = (given ?? {}) as Record<string, unknown>;
  const { filled, used } = fillPath(description.path, input);
  const hasBody = description.method !== 'GET' && description.method !== 'DELETE';
  const headers: Record<string, string> = { accept: 'application/json' };
  let url = filled;
  let body: string | undefined;
  if (hasBody) {
    const rest = Object.fromEntries(Object.entries(input).filter(([name]) => !used.has(name)));
    body = JSON.stringify(rest);
    headers['content-type'] = 'application/json';
  } else {
    const query = queryOf(input, used);
    if (query) url = `${filled}?${query}`;
  }
  if (description.method !== 'GET') headers['x-csrf-token'] = csrfToken();

  let response: Response;
  try {
    response = await fetch(url, {
      method: description.method,
      headers,
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleCallError(0, 'NETWORK', '無法連線到伺服器，請檢查網路後再試。');
  }
  let envelope: { status?: { code?: string; message?: string }; data?: unknown } | undefined;
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  const code = envelope?.status?.code;
  if (response.ok && code === '0') return envelope!.data as CallData<D>;
  const fields = (envelope?.data as { fields?: FieldProblem[] } | undefined)?.fields ?? [];
  const error = new ConsoleCallError(
    response.status,
    code ?? 'HTTP_' + response.status,
    envelope?.status?.message || `伺服器回應錯誤（${response.status}）。`,
    Array.isArray(fields) ? fields : [],
  );
  if (error.code === 'STAFF_NOT_SIGNED_IN' && description.access.staff !== 'signingIn') {
    window.dispatchEvent(new CustomEvent(SESSION_ENDED_EVENT));
  }
  throw error;
}

/**
 * A console call whose body is multipart form data (a picture, a subtitle file): sent with the
 * CSRF proof like `call`; answers the envelope's data, or throws a ConsoleCallError (a 413
 * without an envelope says `tooLarge`).
 */
export async function sendForm(
  method: string,
  url: string,
  body: FormData,
  tooLarge: string,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', 'x-csrf-token': csrfToken() },
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw new ConsoleCallError(0, 'NETWORK', '無法連線到伺服器，請檢查網路後再試。');
  }
  let envelope:
    { status?: { code?: string; message?: string }; data?: Record<string, unknown> } | undefined;
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  const code = envelope?.status?.code;
  if (response.ok && code === '0' && envelope?.data) return envelope.data;
  const fields = envelope?.data?.fields;
  throw new ConsoleCallError(
    response.status,
    code ?? 'HTTP_' + response.status,
    envelope?.status?.message ||
      (response.status === 413 ? tooLarge : `伺服器回應錯誤（${response.status}）。`),
    Array.isArray(fields) ? (fields as FieldProblem[]) : [],
  );
}

/**
 * A picture upload on the version seen: multipart with `version` first, then the one `file`
 * (a title's pictures, a channel's picture and sponsor logo). Answers the reply's data.
 */
export function sendPicture(
  method: string,
  url: string,
  version: number,
  file: Blob,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  const body = new FormData();
  body.append('version', String(version));
  body.append('file', file);
  return sendForm(method, url, body, `圖片檔案不能超過 ${maxBytes / 1024 / 1024} MB。`);
}
