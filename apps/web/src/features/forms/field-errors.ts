import { ApiError } from '../../api/client';

/** Short machine problems ('taken', 'wrong'); the reply's message then says it in zh-TW. */
const PROBLEM_CODE = /^[a-z_]+$/;

/**
 * What to show under each field the server named, keyed by field name (`loginId`, `password`,
 * `nickname`, …). A problem given as zh-TW text is shown as is; one given as a code is explained
 * by the reply's own message.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const { name, problem } of error.fields) {
    result[name] ??= PROBLEM_CODE.test(problem) ? error.message : problem;
  }
  return result;
}

/** The message for the form as a whole: the reply's zh-TW message, or our own generic one. */
export function formError(error: unknown, fallback: string): string | undefined {
  if (!error) return undefined;
  return error instanceof ApiError ? error.message : fallback;
}
