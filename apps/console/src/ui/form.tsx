import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ConsoleCallError } from '../api/call';

/** A labelled control with its hint and its problem, tied to it by aria-describedby. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria props of a control inside <Field>. */
export function describedBy(id: string, error: unknown, hint = false) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  };
}

/**
 * Puts a refused call's field problems next to the form's fields; answers the message for the
 * form's alert (the envelope's own message, or null when every problem found its field).
 */
export function showCallError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): string {
  if (!(error instanceof ConsoleCallError)) return '發生未預期的錯誤，請再試一次。';
  for (const field of error.fields) {
    if (fieldNames.includes(field.name)) {
      setError(field.name as Path<T>, { type: 'server', message: field.problem });
    }
  }
  return error.message;
}
