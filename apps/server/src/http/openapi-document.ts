import {
  GATEWAY_CLOCK_SKEW_SECONDS,
  type Access,
  errorCatalogue,
  gatewayCalls,
  siteCalls,
  type ErrorCode,
} from '@site/contract';

/**
 * What the OpenAPI document says beyond each route's schemas (issue 28 item 4: Redocly's
 * recommended rules): where the server is, how a caller proves who it is (the session cookie,
 * the CSRF pair, the gateway's signed query), an operationId per call, and the failures every
 * call may answer in the envelope. Who may call what is read from the faces' rules as they stand
 * (session on /ajax, CSRF on its POSTs and on GETs marked `csrf`, client signature on /gw); when
 * each call carries its own description (issue 21) these come from it.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: unknown }>;
  security?: Record<string, string[]>[];
};
type Document = {
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  components?: Record<string, Record<string, unknown>>;
  paths?: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** The contract's names for the calls it lists (ajaxFindVideoListData.do → findVideoListData). */
const CALL_NAMES = new Map<string, string>([
  ...Object.entries(siteCalls).map(([name, path]) => [path, name] as const),
  ...Object.entries(gatewayCalls).map(([name, path]) => [path, `gateway${capital(name)}`] as const),
]);

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A name from the path for calls the contract does not list by name (/ads/vast → adsVast). */
function nameOfPath(path: string): string {
  const words = path
    .replace(/\{([^}]+)\}/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : capital(w))).join('');
}

const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description:
      'The member session (HttpOnly cookie set by ajaxLogin.do). Without it a call answers as a visitor.',
  },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'csrf',
    description:
      'The CSRF token cookie (set on any page or call); its value is echoed in X-CSRF-Token.',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description:
      'The csrf cookie value, echoed: required on every state change (403 CSRF_REJECTED otherwise).',
  },
  gatewayClient: {
    type: 'apiKey',
    in: 'query',
    name: 'chl',
    description:
      'The app client id; with ts (Unix seconds) and chk, the HMAC-SHA256 of method, path, query and ts.',
  },
  gatewaySignature: {
    type: 'apiKey',
    in: 'query',
    name: 'chk',
    description:
      'HMAC-SHA256 (hex) over method, path, sorted query without chk, and ts, with the client secret.',
  },
};

const ERROR_RESPONSES: Partial<Record<ErrorCode, string>> = {
  BAD_INPUT: 'BadInput',
  NOT_LOGGED_IN: 'NotLoggedIn',
  CLIENT_REJECTED: 'ClientRejected',
  CSRF_REJECTED: 'CsrfRejected',
  FORBIDDEN: 'Forbidden',
  PAYLOAD_TOO_LARGE: 'PayloadTooLarge',
};

function errorResponse(code: ErrorCode, description: string) {
  return {
    description: `${code}: ${description} status.message: 「${errorCatalogue[code].message}」`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
}

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['status', 'data'],
  properties: {
    status: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'An error code (never "0")' },
        message: { type: 'string', description: 'zh-TW text fit to show as it is' },
      },
    },
    data: {
      type: 'object',
      properties: {
        fields: {
          type: 'array',
          description: 'BAD_INPUT: the fields refused and why',
          items: {
            type: 'object',
            required: ['name', 'problem'],
            properties: { name: { type: 'string' }, problem: { type: 'string' } },
          },
        },
      },
    },
  },
};

export interface DocumentFacts {
  /** The site's public address (PUBLIC_URL). */
  publicUrl: string;
  /** `METHOD path` of GET routes that demand the CSRF pair (route config `csrf: true`). */
  csrfGets: ReadonlySet<string>;
  /** `METHOD path` → who may call, for calls registered from a description (ADR 0034). */
  access: ReadonlyMap<string, Access>;
}

/** The generated document with servers, security, operation ids and error replies added. */
export function shapeDocument<D extends object>(generated: D, facts: DocumentFacts): D {
  const doc = generated as unknown as Document;
  doc.info.license = { name: 'Proprietary', url: `${facts.publicUrl}/` };
  doc.servers = [{ url: facts.publicUrl, description: 'This site (PUBLIC_URL)' }];
  doc.components = {
    ...doc.components,
    securitySchemes: SECURITY_SCHEMES,
    schemas: { ...doc.components?.schemas, ErrorEnvelope: ERROR_ENVELOPE },
    responses: {
      BadInput: errorResponse(
        'BAD_INPUT',
        'a parameter or field is missing or malformed (BAD_URL: the path is not in its one spelling).',
      ),
      NotLoggedIn: errorResponse('NOT_LOGGED_IN', 'the call needs a signed-in member.'),
      ClientRejected: errorResponse('CLIENT_REJECTED', 'chl, ts or chk missing, stale or wrong.'),
      CsrfRejectedOrKid: {
        description:
          'CSRF_REJECTED: the CSRF cookie and header are missing or differ; or FORBIDDEN: a kid sub-account may not do this (status.message says what).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
      Forbidden: errorResponse(
        'FORBIDDEN',
        'a kid sub-account may not do this (the message says what).',
      ),
      CsrfRejected: errorResponse(
        'CSRF_REJECTED',
        'the CSRF cookie and header are missing or differ.',
      ),
      PayloadTooLarge: errorResponse('PAYLOAD_TOO_LARGE', 'the body is over 64 KiB.'),
    },
  };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const methods = METHODS.filter((m) => item[m]);
    for (const method of methods) {
      const op = item[method]!;
      const name = CALL_NAMES.get(path) ?? nameOfPath(path);
      op.operationId = methods.length > 1 ? `${name}${capital(method)}` : name;
      const withCsrf =
        (method === 'post' && path.startsWith('/ajax/')) ||
        facts.csrfGets.has(`${method.toUpperCase()} ${path}`);
      const gateway = path.startsWith('/gw/');
      op.security = securityOf(path, withCsrf, gateway);
      if (gateway) signedQuery(op);
      const who = facts.access.get(`${method.toUpperCase()} ${path}`);
      describeResponses(op, { withCsrf, gateway, who });
    }
  }
  return generated;
}

function securityOf(path: string, withCsrf: boolean, gateway: boolean): Record<string, string[]>[] {
  if (gateway) return [{ gatewayClient: [], gatewaySignature: [] }];
  const csrf: Record<string, string[]> = withCsrf ? { csrfCookie: [], csrfHeader: [] } : {};
  // Site calls answer visitors too (isLogin N, or 401 where a member is needed).
  if (path.startsWith('/ajax/')) return [{ ...csrf, session: [] }, csrf];
  return [csrf];
}

/** The gateway's signature fields, on every /gw call whether or not its schema names them. */
function signedQuery(op: Operation): void {
  const parameters = (op.parameters ??= []);
  const fields = [
    ['chl', 'string', 'The app client id.'],
    [
      'ts',
      'integer',
      `Unix seconds when the call was signed (±${GATEWAY_CLOCK_SKEW_SECONDS} s of the server clock).`,
    ],
    ['chk', 'string', 'HMAC-SHA256 (hex) over method, path, sorted query without chk, and ts.'],
  ] as const;
  for (const [name, type, description] of fields) {
    if (parameters.some((p) => p.name === name && p.in === 'query')) continue;
    parameters.push({ name, in: 'query', required: true, schema: { type }, description } as never);
  }
}

function describeResponses(
  op: Operation,
  { withCsrf, gateway, who }: { withCsrf: boolean; gateway: boolean; who: Access | undefined },
): void {
  const responses = (op.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === 'Default Response' || !response.description) {
      response.description =
        status === '204'
          ? 'Done: no body.'
          : 'Success: the envelope with status.code "0" and the call\'s data.';
    }
  }
  const ref = (code: ErrorCode) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[code]}` });
  const add = (status: string, code: ErrorCode) => {
    responses[status] ??= ref(code) as never;
  };
  // Every call: a path not in its one spelling is BAD_URL, a control character in any field
  // (named or not) BAD_INPUT (request-guards.ts), besides each call's own input rules.
  add('400', 'BAD_INPUT');
  if (gateway) add('401', 'CLIENT_REJECTED');
  // A described call says who may make it; a member's call without a visitor answer refuses
  // visitors. Calls not yet described: a state change on the site face needs a member.
  const refusesVisitors = who
    ? (who.who === 'member' && who.visitor === undefined) || who.who === 'adult'
    : withCsrf && !gateway;
  if (refusesVisitors) add('401', 'NOT_LOGGED_IN');
  if (withCsrf && who?.who === 'adult')
    responses['403'] ??= { $ref: '#/components/responses/CsrfRejectedOrKid' } as never;
  else if (withCsrf) add('403', 'CSRF_REJECTED');
  else if (who?.who === 'adult') add('403', 'FORBIDDEN');
  if (op.requestBody) add('413', 'PAYLOAD_TOO_LARGE');
}
