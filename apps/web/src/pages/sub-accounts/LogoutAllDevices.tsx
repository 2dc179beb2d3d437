import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pageRoutes } from '@site/contract';
import { logoutAllDevices } from '../../api/accounts';
import { refreshSession } from '../../api/session';
import { paths } from '../../routing/paths';
import { Dialog } from '../../features/dialog/Dialog';
import { formError } from '../../features/forms/field-errors';
import { FormMessage } from '../../features/forms/FormMessage';
import { useAction } from '../../features/forms/use-action';
import { t } from '../../i18n/zh-TW';

/** ajaxLogoutAllDevices.do after a confirmation; this browser is logged out too. */
export function LogoutAllDevices() {
  const [open, setOpen] = useState(false);
  const action = useAction();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = async () => {
    if (action.pending) return;
    const ok = await action.perform(async () => {
      await logoutAllDevices();
      await refreshSession(queryClient);
      return '';
    });
    if (ok) navigate(paths.login(pageRoutes.subAccounts));
  };

  return (
    <div className="logout-all">
      <p className="form__hint">{t.subAccounts.logoutAllHint}</p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t.subAccounts.logoutAll}
      </button>
      {open ? (
        <Dialog
          title={t.subAccounts.logoutAllTitle}
          description={<p>{t.subAccounts.logoutAllHint}</p>}
          onClose={() => setOpen(false)}
        >
          <div className="form">
            <FormMessage error={formError(action.error, t.common.actionFailed)} />
            <div className="dialog__actions">
              <button
                type="button"
                className="button"
                onClick={() => setOpen(false)}
                data-autofocus
              >
                {t.common.cancel}
              </button>
              <button
                type="button"
                className="button button--danger"
                aria-disabled={action.pending}
                onClick={confirm}
              >
                {t.subAccounts.logoutAll}
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
