import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { refreshSession } from '../../api/session';
import { createSubAccount, type SubAccountFieldsInput } from '../../api/sub-accounts';
import { fieldErrors, formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { useAction } from '../../features/forms/use-action';
import { useOwnerGate } from '../../features/sub-accounts/use-owner-gate';
import { t } from '../../i18n/zh-TW';
import { focusNickname, nicknameProblem } from './nickname';
import { SubAccountFields } from './SubAccountFields';

const empty: SubAccountFieldsInput = { nickname: '', iconIdx: 0, kidmode: '0' };

/** ajaxCreateSubAccount.do; a kid session first gives the owner's password or PIN. */
export function AddSubAccountForm({ kidSession }: { kidSession: boolean }) {
  const [value, setValue] = useState(empty);
  const [nicknameError, setNicknameError] = useState<string>();
  const gate = useOwnerGate(kidSession);
  const action = useAction();
  const queryClient = useQueryClient();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.pending) return;
    const problem = nicknameProblem(value.nickname);
    setNicknameError(problem);
    if (problem) {
      focusNickname(event.currentTarget);
      action.reset();
      return;
    }
    const input = { ...value, nickname: value.nickname.trim() };
    const added = await action.perform(async () => {
      const done = await gate.run((proof) => createSubAccount(input, proof));
      if (!done) return null;
      await refreshSession(queryClient);
      return t.subAccounts.added(input.nickname);
    });
    if (added) setValue(empty);
  };

  return (
    <>
      <form className="form" onSubmit={submit} noValidate>
        <SubAccountFields
          value={value}
          onChange={setValue}
          nicknameError={nicknameError ?? fieldErrors(action.error).nickname}
        />
        <FormMessage
          error={formError(action.error, t.common.actionFailed)}
          success={action.success}
        />
        {/* Not disabled while busy: the owner-proof dialog returns focus to this button. */}
        <button type="submit" className="button button--primary" aria-disabled={action.pending}>
          {action.pending ? t.subAccounts.adding : t.subAccounts.add}
        </button>
      </form>
      {gate.dialog}
    </>
  );
}
