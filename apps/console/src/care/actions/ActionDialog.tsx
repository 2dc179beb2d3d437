import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ConsoleCallError } from '../../api/call';
import { Alert } from '../../ui/Alert';
import { Dialog } from '../../ui/Dialog';
import { Field, describedBy } from '../../ui/form';

/**
 * One care action in a modal dialog (focus trapped by ui/Dialog): what it does, its own fields,
 * and the reason the audit trail keeps, which is required. `act` answers the outcome in words;
 * a refusal stays in the dialog with the server's zh-TW message (and a field's problem next to
 * the field, when the server names one of `fieldNames`).
 */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  fieldNames = [],
  children,
  act,
  onDone,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  fieldNames?: readonly string[];
  children?: (problems: Record<string, string>) => ReactNode;
  /** Makes the call; throws a message (string) for a problem found before calling. */
  act: (reason: string) => Promise<string>;
  onDone: (outcome: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setProblems({});
    if (reason.trim() === '') {
      setProblems({ reason: '請輸入原因' });
      return;
    }
    setBusy(true);
    try {
      onDone(await act(reason.trim()));
    } catch (error) {
      if (typeof error === 'string') {
        setFailure(error);
      } else if (error instanceof ConsoleCallError) {
        const named = Object.fromEntries(
          error.fields
            .filter((f) => f.name === 'reason' || fieldNames.includes(f.name))
            .map((f) => [f.name, f.problem]),
        );
        setProblems(named);
        setFailure(error.message);
      } else {
        setFailure('發生未預期的錯誤，請再試一次。');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="care-action__what">{description}</div>
        {failure && <Alert>{failure}</Alert>}
        {children?.(problems)}
        <Field
          id={reasonId}
          label="原因（會記錄在稽核紀錄）"
          error={problems.reason}
          hint="最多 200 個字"
        >
          <textarea
            {...describedBy(reasonId, problems.reason, true)}
            required
            aria-required="true"
            maxLength={200}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <div className="actions">
          <button
            type="submit"
            className={danger ? 'button button--danger' : 'button'}
            disabled={busy}
          >
            {busy ? '處理中…' : confirmLabel}
          </button>
          <button type="button" className="button button--quiet" onClick={onClose}>
            取消
          </button>
        </div>
      </form>
    </Dialog>
  );
}
