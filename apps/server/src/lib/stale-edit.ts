import { AppError } from '../http/errors.js';

/**
 * The refusal of an edit made on an older version of a record (issue 22: concurrent edits never
 * silently overwrite). It carries the record as it now is, field by field (each value as JSON,
 * `version` among them), so the console can show the editor what changed beside what they had
 * loaded, and offer to edit again on the new version.
 */
export function staleEdit(current: Record<string, unknown>, version: number): AppError {
  const fields = Object.entries({ ...current, version }).map(([name, value]) => ({
    name,
    problem: JSON.stringify(value ?? null),
  }));
  return new AppError('STALE_EDIT', fields);
}
