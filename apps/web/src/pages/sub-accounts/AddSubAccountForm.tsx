import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshSession } from '../../api/session';
import { createSubAccount, type SubAccountFieldsInput } from '../../api/sub-accounts';
import { FormMessage } from '../../features/forms/FormMessage';
import { SubmitButton } from '../../features/forms/SubmitButton';
import { useForm } from '../../features/forms/use-form';
import { useOwnerGate } from '../../features/sub-accounts/use-owner-gate';
import { t } from '../../i18n/zh-TW';
import { nicknameProblem } from './nickname';
import { SubAccountFields } from './SubAccountFields';

const empty: SubAccountFieldsInput = { nickname: '', iconIdx: 0, kidmode: '0' };

/** ajaxCreateSubAccount.do; a kid session first gives the owner's password or PIN. */
export function AddSubAccountForm({ kidSession }: { kidSession: boolean }) {
  const [value, setValue] = useState(empty);
  const gate = useOwnerGate(kidSession);
  const queryClient = useQueryClient();
  const form = useForm({
    fields: ['nickname'],
    check: () => ({ nickname: nicknameProblem(value.nickname) }),
    send: async () => {
      const input = { ...value, nickname: value.nickname.trim() };
      const done = await gate.run((proof) => createSubAccount(input, proof));
      if (!done) return null;
      await refreshSession(queryClient);
      return t.subAccounts.added(input.nickname);
    },
    onDone: (added) => {
      if (added) setValue(empty);
    },
  });

  return (
    <>
      <form className="form" onSubmit={form.onSubmit} noValidate>
        <SubAccountFields value={value} onChange={setValue} nicknameError={form.errors.nickname} />
        <FormMessage error={form.message} success={form.success} />
        {/* Not disabled while busy: the owner-proof dialog returns focus to this button. */}
        <SubmitButton
          pending={form.pending}
          label={t.subAccounts.add}
          pendingLabel={t.subAccounts.adding}
          staysFocusable
        />
      </form>
      {gate.dialog}
    </>
  );
}
