import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorCode } from '@site/contract';
import { AppError, errorEnvelope, type FieldProblem } from './errors.js';
import { errorPage } from './framework-errors.js';
import { isPageRequest } from './page-shell.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Fastify's own error codes that are the client's fault, mapped to the catalogue. */
const frameworkErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_INPUT',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_INPUT',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_INPUT',
  FST_ERR_VALIDATION: 'BAD_INPUT',
  FST_ERR_BAD_URL: 'BAD_URL',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_INPUT',
};

/** Refusals a page navigation can meet before its route runs: answered with the page. */
const PAGE_CODES = new Set<ErrorCode>(['BAD_URL', 'BAD_INPUT']);

/**
 * Every failure leaves in the envelope with a zh-TW message and a fitting HTTP status; a bug is
 * logged with its stack and answered with INTERNAL, never with the stack (DESIGN §4).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A browser navigating to a malformed address gets the site's page; a call the envelope.
      if (PAGE_CODES.has(error.code) && isPageRequest(request)) {
        return app.pageShell.notFound(request, reply, error.httpStatus);
      }
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return send(reply, error.code, error.message, error.fields, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldProblem[] = error.validation.map((v) => ({
        name: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(request)',
        problem: v.message ?? 'invalid',
      }));
      return send(reply, 'BAD_INPUT', undefined, fields);
    }
    const mapped = error.code ? frameworkErrors[error.code] : undefined;
    if (mapped) return send(reply, mapped);
    if (error.statusCode === 429) return send(reply, 'TOO_MANY_REQUESTS');
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error without a catalogue entry');
      return send(reply, 'BAD_INPUT');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const otherMethod = METHODS.some(
      (method) => method !== request.method && app.hasRoute({ method, url: path }),
    );
    if (otherMethod) return send(reply, 'METHOD_NOT_ALLOWED');
    if (isPageRequest(request)) return app.pageShell.notFound(request, reply);
    return send(reply, 'ROUTE_NOT_FOUND');
  });
}

/**
 * Fastify's `frameworkErrors` option: errors met while routing (a malformed escape in the path, a
 * failed constraint) take the same way out as the rest.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const mapped = (error.code && frameworkErrors[error.code]) || 'BAD_INPUT';
  // This reply is built before any plugin's decorators apply, so the page shell cannot render
  // here: a browser gets the site's plain error page.
  if (isPageRequest(request)) {
    return reply
      .code(errorCatalogue[mapped].http)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(errorPage(mapped));
  }
  return send(reply, mapped);
}

function send(
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
  fields?: FieldProblem[],
  data?: Readonly<Record<string, unknown>>,
) {
  const body = errorEnvelope(code, message, fields, data);
  return reply
    .code(errorCatalogue[code].http)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}
