import { useState, type FormEvent } from 'react';
import { Dialog } from '../../features/dialog/Dialog';
import { TextField } from '../../features/forms/TextField';
import { t } from '../../i18n/zh-TW';

/** Switching the restricted-content filter off needs the password again (checked on save). */
export function FilterPasswordDialog({
  onConfirm,
  onClose,
}: {
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };
  return (
    <Dialog
      title={t.subAccounts.filterPasswordTitle}
      description={t.subAccounts.filterPasswordDescription}
      onClose={onClose}
    >
      <form className="form" onSubmit={submit}>
        <TextField
          label={t.subAccounts.password}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={200}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t.common.cancel}
          </button>
          <button type="submit" className="button button--primary">
            {t.common.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
