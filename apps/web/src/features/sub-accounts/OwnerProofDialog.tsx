import { useState, type FormEvent } from 'react';
import { unlockKidPin, type OwnerProof } from '../../api/sub-accounts';
import { t } from '../../i18n/zh-TW';
import { Dialog } from '../dialog/Dialog';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { TextField } from '../forms/TextField';
import { isKidPinLocked, ownerProofOf } from './owner-proof';

/**
 * Asks a kid session for the owner's password or the kid PIN, then runs the action with it. The
 * action's refusal (a wrong PIN, a wait after several) is shown here, in the server's words.
 * Once the PIN is locked the box asks for the owner's password only: it lifts the lock
 * (ajaxUnlockKidPin.do) and then runs the action with it.
 */
export function OwnerProofDialog({
  onProof,
  onClose,
}: {
  onProof: (proof: OwnerProof) => Promise<unknown>;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [locked, setLocked] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (locked) {
        await unlockKidPin(value);
        await onProof({ ownerPassword: value });
      } else {
        await onProof(ownerProofOf(value));
      }
    } catch (failure) {
      if (isKidPinLocked(failure)) {
        setLocked(true);
        setValue('');
      }
      setError(failure);
      setPending(false);
    }
  };

  return (
    <Dialog title={t.ownerProof.title} description={t.ownerProof.description} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <TextField
          label={locked ? t.ownerProof.lockedLabel : t.ownerProof.label}
          hint={locked && !isKidPinLocked(error) ? t.ownerProof.lockedHint : undefined}
          name={locked ? 'ownerPassword' : 'ownerProof'}
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <FormMessage error={formError(error, t.common.actionFailed)} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t.common.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? t.common.checking : locked ? t.ownerProof.unlock : t.common.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
