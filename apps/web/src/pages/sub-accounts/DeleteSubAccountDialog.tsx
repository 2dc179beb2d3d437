import { useQueryClient } from '@tanstack/react-query';
import type { SubAccount } from '@site/contract';
import { refreshSession } from '../../api/session';
import { deleteSubAccount } from '../../api/sub-accounts';
import { Dialog } from '../../features/dialog/Dialog';
import { formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { useAction } from '../../features/forms/use-action';
import { useOwnerGate } from '../../features/sub-accounts/use-owner-gate';
import { t } from '../../i18n/zh-TW';

/** ajaxDeleteSubAccount.do after a confirmation; 取消 has the focus first. */
export function DeleteSubAccountDialog({
  sub,
  kidSession,
  onDeleted,
  onClose,
}: {
  sub: SubAccount;
  kidSession: boolean;
  onDeleted: (message: string) => void;
  onClose: () => void;
}) {
  const gate = useOwnerGate(kidSession);
  const action = useAction();
  const queryClient = useQueryClient();

  const confirm = async () => {
    if (action.pending) return;
    const deleted = await action.perform(async () => {
      const done = await gate.run((proof) => deleteSubAccount(sub.subAccountUid, proof));
      if (!done) return null;
      await refreshSession(queryClient);
      return t.subAccounts.deleted(sub.nickname);
    });
    if (deleted) onDeleted(t.subAccounts.deleted(sub.nickname));
  };

  return (
    <Dialog
      title={t.subAccounts.deleteTitle(sub.nickname)}
      description={<p>{t.subAccounts.deleteDescription}</p>}
      onClose={onClose}
    >
      <div className="form">
        <FormMessage error={formError(action.error, t.common.actionFailed)} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose} data-autofocus>
            {t.common.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-disabled={action.pending}
            onClick={confirm}
          >
            {action.pending ? t.subAccounts.deleting : t.subAccounts.deleteShort}
          </button>
        </div>
      </div>
      {gate.dialog}
    </Dialog>
  );
}
