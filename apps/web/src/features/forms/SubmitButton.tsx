/**
 * A form's send button, saying `pendingLabel` while the form is busy. Disabled meanwhile, or with
 * `staysFocusable` only aria-disabled: a dialog opened by the send (the owner's proof) gives the
 * focus back to it.
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel = label,
  staysFocusable = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel?: string;
  staysFocusable?: boolean;
}) {
  return (
    <button
      type="submit"
      className="button button--primary"
      {...(staysFocusable ? { 'aria-disabled': pending } : { disabled: pending })}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
