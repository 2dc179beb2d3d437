import './forms.css';

/**
 * The outcome of a form for everyone: a live region that is always in the page, so a message
 * put into it is read out (errors assertively, confirmations politely).
 */
export function FormMessage({
  error,
  success,
}: {
  error?: string | undefined;
  success?: string | undefined;
}) {
  return (
    <div className="form__messages">
      <div aria-live="assertive" aria-atomic="true" className="form__live">
        {error ? <p className="form__error form__error--block">{error}</p> : null}
      </div>
      <div aria-live="polite" aria-atomic="true" className="form__live">
        {success && !error ? <p className="form__success">{success}</p> : null}
      </div>
    </div>
  );
}
