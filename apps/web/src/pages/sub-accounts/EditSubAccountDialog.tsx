import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubAccount } from '@site/contract';
import { refreshSession } from '../../api/session';
import { updateSubAccount, type SubAccountFieldsInput } from '../../api/sub-accounts';
import { Dialog } from '../../features/dialog/Dialog';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { useForm } from '../../features/forms/use-form';
import { useOwnerGate } from '../../features/sub-accounts/use-owner-gate';
import { t } from '../../i18n/zh-TW';
import { FilterPasswordDialog } from './FilterPasswordDialog';
import { nicknameProblem } from './nickname';
import { SubAccountFields } from './SubAccountFields';

/**
 * ajaxUpdateSubAccount.do: nickname, avatar, kid mode and the restricted-content filter.
 * Switching the filter off asks for the password (a second dialog); a kid session also gives the
 * owner's password or PIN, unless that password was just typed.
 */
export function EditSubAccountDialog({
  sub,
  kidSession,
  onSaved,
  onClose,
}: {
  sub: SubAccount;
  kidSession: boolean;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState<SubAccountFieldsInput>({
    nickname: sub.nickname,
    iconIdx: sub.iconIdx,
    kidmode: sub.kidmode,
  });
  const [filter, setFilter] = useState(sub.filterRestrict);
  const [password, setPassword] = useState('');
  const [askingPassword, setAskingPassword] = useState(false);
  const gate = useOwnerGate(kidSession);
  const queryClient = useQueryClient();
  const kid = value.kidmode === '1';
  const primary = sub.isPrimary === 'Y';

  const onFilterChange = (on: boolean) => {
    if (on) {
      setFilter('Y');
      setPassword('');
    } else if (sub.filterRestrict === 'N' || password) {
      setFilter('N');
    } else {
      setAskingPassword(true);
    }
  };

  const form = useForm({
    fields: ['nickname'],
    check: () => ({ nickname: nicknameProblem(value.nickname) }),
    send: async () => {
      const update = {
        newSubaccountID: sub.subAccountUid,
        ...value,
        nickname: value.nickname.trim(),
        filterRestrict: kid ? ('Y' as const) : filter,
        ...(password && !kid ? { password } : {}),
      };
      const done = await gate.run(
        (proof) =>
          updateSubAccount(update, update.password ? { ownerPassword: update.password } : proof),
        kidSession && !update.password,
      );
      if (!done) return null;
      await refreshSession(queryClient);
      return t.subAccounts.saved(update.nickname);
    },
    onDone: (saved) => {
      if (saved) {
        onSaved(t.subAccounts.saved(value.nickname.trim()));
      } else if (password) {
        // A refused password is asked for afresh next time.
        setPassword('');
        setFilter(sub.filterRestrict);
      }
    },
  });

  return (
    <Dialog title={t.subAccounts.edit(sub.nickname)} onClose={onClose}>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <SubAccountFields
          value={value}
          onChange={setValue}
          primary={primary}
          nicknameError={form.errors.nickname}
        />
        <div className="form__field">
          <label className="form__check">
            <input
              type="checkbox"
              role="switch"
              name="filterRestrict"
              checked={kid || filter === 'Y'}
              disabled={kid}
              aria-describedby={kid ? `${sub.subAccountUid}-filter-hint` : undefined}
              onChange={(event) => onFilterChange(event.target.checked)}
            />
            {t.subAccounts.filter}
          </label>
          {kid ? (
            <p id={`${sub.subAccountUid}-filter-hint`} className="form__hint">
              {t.subAccounts.filterKidHint}
            </p>
          ) : null}
        </div>
        <FormMessage error={form.message} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t.common.cancel}
          </button>
          <SubmitButton
            pending={form.pending}
            label={t.subAccounts.save}
            pendingLabel={t.subAccounts.saving}
            staysFocusable
          />
        </div>
      </form>
      {askingPassword ? (
        <FilterPasswordDialog
          onConfirm={(typed) => {
            setPassword(typed);
            setFilter('N');
            setAskingPassword(false);
          }}
          onClose={() => setAskingPassword(false)}
        />
      ) : null}
      {gate.dialog}
    </Dialog>
  );
}
