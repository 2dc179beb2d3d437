import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { useLoginInfo } from '../../api/session';
import { useSubAccountSelect } from '../../api/sub-accounts';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { t } from '../../i18n/zh-TW';
import { formError } from '../forms/field-errors';
import { FormMessage } from '../forms/FormMessage';
import { useSwitchSubAccount } from './use-switch-sub-account';
import './SubAccountSelect.css';
import { LoadError } from '../load-error/LoadError';

/**
 * "Who is watching": the account's sub-accounts as a grid of icon buttons, after login
 * (type login) and behind the header's 切換使用者 (type switch). `onDone` runs once the session
 * is on the chosen one.
 */
export function SubAccountSelect({
  type,
  onDone,
}: {
  type: 'login' | 'switch';
  onDone: () => void;
}) {
  usePageTitle(t.subAccountSelect.title, true);
  const info = useLoginInfo().data;
  const select = useSubAccountSelect(info, type);
  const kidSession = info?.kidMode === '1';
  const { switchTo, dialog, error, pendingId } = useSwitchSubAccount(kidSession);

  const body = select.data ? (
    // The group carries the name: a list is not an element aria-label is meant for.
    <div
      className="profile-select__profiles"
      role="group"
      aria-label={t.subAccountSelect.listLabel}
    >
      <ul className="profile-grid">
        {select.data.subAccountList.subAccount.map((sub) => {
          const current =
            type === 'switch' && sub.subAccountUid === select.data.currentSubaccountID;
          return (
            <li key={sub.subAccountUid}>
              <button
                type="button"
                className="profile-grid__button"
                aria-busy={pendingId === sub.subAccountUid}
                onClick={async () => {
                  // Not disabled while busy: the PIN dialog returns focus to this button.
                  if (pendingId !== null) return;
                  if (await switchTo(sub, select.data.currentSubaccountID)) onDone();
                }}
              >
                <img
                  className="profile-grid__icon"
                  src={sub.iconUrl}
                  alt=""
                  width={96}
                  height={96}
                />
                <span className="profile-grid__name">{sub.nickname}</span>
                <span className="profile-grid__badges">
                  {sub.kidmode === '1' ? (
                    <span className="badge badge--kid">{t.subAccountSelect.kid}</span>
                  ) : null}
                  {current ? <span className="badge">{t.subAccountSelect.current}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  ) : select.isError ? (
    <LoadError error={select.error} onRetry={() => select.refetch()} />
  ) : (
    <PageLoading />
  );

  return (
    <div className="page profile-select">
      <div>
        <h1>{t.subAccountSelect.title}</h1>
        <p className="page__intro">{t.subAccountSelect.intro}</p>
      </div>
      {body}
      <FormMessage error={formError(error, t.common.actionFailed)} />
      <p className="profile-select__manage">
        <Link to={pageRoutes.subAccounts}>{t.subAccountSelect.manage}</Link>
      </p>
      {dialog}
    </div>
  );
}
