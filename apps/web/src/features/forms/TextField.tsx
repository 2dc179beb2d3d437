import { useId, type InputHTMLAttributes } from 'react';
import './forms.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** A standing hint under the field (format, rules). */
  hint?: string | undefined;
  /** The problem with the current value, shown under the field and read with it. */
  error?: string | undefined;
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // An error that repeats the hint replaces it rather than saying it twice.
  const shownHint = hint && hint !== error ? hint : undefined;
  const describedBy = [shownHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="form__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        // Written out (a field may pass another): html-validate asks for an explicit type.
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {shownHint ? (
        <p id={hintId} className="form__hint">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
