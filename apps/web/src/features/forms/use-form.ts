import { useState, type FormEvent } from 'react';
import { t } from '../../i18n/zh-TW';
import { fieldErrors, formError } from './field-errors';
import { useAction } from './use-action';

/** Problems found before sending, by field name; a field without one is absent or undefined. */
export type LocalProblems<Name extends string> = Partial<Record<Name, string | undefined>>;

export interface FormOptions<Name extends string> {
  /** The fields read from the form when it is sent (FormData; a missing one reads ''). */
  fields: readonly Name[];
  /**
   * The problems to show before sending (a confirmation that differs, a nickname the contract
   * refuses). Any problem stops the send, clears the last outcome and focuses its field.
   */
  check?: (values: Record<Name, string>) => LocalProblems<Name>;
  /** Sends the values: resolves to the confirmation to show ('' for none), or null if cancelled. */
  send: (values: Record<Name, string>) => Promise<string | null>;
  /** Empties the form's fields after a success. */
  resetOnSuccess?: boolean;
  /** After each send, with whether it succeeded. */
  onDone?: (succeeded: boolean) => void;
}

export interface FormState<Name extends string> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  /** The problem to show under each field: found here first, else the server's. */
  errors: Partial<Record<Name, string>>;
  /** The form's own outcome: the server's zh-TW refusal, or our generic failure. */
  message: string | undefined;
  /** The confirmation of the last success ('' for none). */
  success: string;
}

/** The text of each named field of `form`. */
export function readFields<Name extends string>(
  form: HTMLFormElement,
  names: readonly Name[],
): Record<Name, string> {
  const data = new FormData(form);
  const values = {} as Record<Name, string>;
  for (const name of names) {
    const value = data.get(name);
    values[name] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * One form of the account pages (docs/adr/0039): reads its fields, checks what can be checked
 * here, sends, and holds what to show — each field's problem (aria-invalid and the text under
 * it, through TextField), the form's message and confirmation (FormMessage) and whether it is
 * busy. A submit while busy is ignored (buttons that stay focusable are only aria-disabled).
 */
export function useForm<Name extends string>(options: FormOptions<Name>): FormState<Name> {
  const action = useAction();
  const [local, setLocal] = useState<LocalProblems<Name>>({});
  const server = fieldErrors(action.error) as Partial<Record<Name, string>>;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.pending) return;
    const form = event.currentTarget;
    const values = readFields(form, options.fields);
    const problems: LocalProblems<Name> = options.check?.(values) ?? {};
    setLocal(problems);
    const first = options.fields.find((name) => problems[name]);
    if (first) {
      action.reset();
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const succeeded = await action.perform(() => options.send(values));
    if (succeeded && options.resetOnSuccess) form.reset();
    options.onDone?.(succeeded);
  };

  const errors: Partial<Record<Name, string>> = {};
  for (const name of options.fields) {
    const problem = local[name] ?? server[name];
    if (problem) errors[name] = problem;
  }
  return {
    onSubmit,
    pending: action.pending,
    errors,
    message: formError(action.error, t.common.actionFailed),
    success: action.success,
  };
}
