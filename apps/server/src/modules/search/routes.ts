import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { searchCalls, searchWording } from '@site/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, type FieldProblem } from '../../http/errors.js';
import { viewerScope } from '../catalogue/visibility.js';
import { registerCall } from '../accounts/calls.js';
import { hotKeywords, searchPage, suggest } from './queries.js';
import { normalizeText } from './terms.js';

export interface SearchRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
}

/**
 * A bad keyword is answered with its own zh-TW text as the status message (the page shows it),
 * other bad parameters as every call answers them (BAD_INPUT, field problems).
 */
function refuseBadInput(request: FastifyRequest, keywordField: string): void {
  const error = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw error;
  const problems: { instancePath: string; message?: string }[] = error.validation;
  const fields: FieldProblem[] = problems.map((v) => ({
    name: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(request)',
    problem: v.message ?? 'invalid',
  }));
  const keyword = fields.find(
    (f) => f.name === keywordField && f.problem === searchWording.keywordTooLong,
  );
  throw new AppError('BAD_INPUT', fields, keyword ? searchWording.keywordTooLong : undefined);
}

/** ajaxBuildSearchPage.do, ajaxAutoCompleteKeyword.do, ajaxGetHotKeyword.do (`searchCalls`). */
export function registerSearchRoutes(app: FastifyInstance, { db, clock }: SearchRouteDeps): void {
  registerCall(
    app,
    searchCalls.buildSearchPage,
    async (q, { viewer }) => searchPage(db, q, viewerScope(viewer), clock()),
    { refuseBadInput: (request) => refuseBadInput(request, 'inputKeyword') },
  );
  registerCall(
    app,
    searchCalls.autoCompleteKeyword,
    async (q, { viewer }) => {
      const text = normalizeText(q.prefix);
      const keyword = text ? await suggest(db, text, q.count, viewerScope(viewer), clock()) : [];
      return { keywordList: { keyword } };
    },
    { refuseBadInput: (request) => refuseBadInput(request, 'prefix') },
  );
  registerCall(app, searchCalls.getHotKeyword, async () => ({
    hotKeywordList: { hotKeyword: await hotKeywords(db) },
  }));
}
