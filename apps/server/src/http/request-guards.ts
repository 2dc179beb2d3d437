import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pathProblem } from './canonical-path.js';
import { AppError } from './errors.js';

/**
 * Checks every request meets before any route sees it: the path is in its canonical spelling
 * (canonical-path.ts), and no text a client sends carries characters no field of ours accepts.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = pathProblem(request.raw.url ?? '');
    if (problem) {
      request.log.info({ problem }, 'non-canonical request path refused');
      throw new AppError('BAD_URL');
    }
  });

  // After parsing, before validation: covers query, body and path parameters of every face.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['query', request.query],
      ['body', request.body],
      ['params', request.params],
    ] as const) {
      const field = firstBadText(value, part);
      if (field) throw new AppError('BAD_INPUT', [{ name: field, problem: 'invalid character' }]);
    }
  });
}

/**
 * NUL and the other C0 controls (tab, newline and carriage return aside) and unpaired UTF-16
 * surrogates have no place in any field, and PostgreSQL refuses NUL in text with an error that
 * would otherwise surface as a 500.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

/** The path of the first string (key or value) that is not clean text, or null. */
export function firstBadText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isCleanText(key)) return path;
    const found = firstBadText(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
