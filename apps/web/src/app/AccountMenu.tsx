import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { pageRoutes, type LoginInfo } from '@site/contract';
import { ApiError } from '../api/client';
import { logout, useHeaderMemberInfo, useLoginInfo } from '../api/session';
import { t } from '../i18n/zh-TW';
import { paths, returnToHere } from '../routing/paths';
import { useDismiss } from '../features/dialog/use-dismiss';
import './AccountMenu.css';

/** 登入 / 註冊 for visitors; both come back here afterwards. */
function VisitorLinks() {
  const returnTo = returnToHere(useLocation());
  return (
    <div className="account-menu">
      <Link to={paths.login(returnTo)} className="account-menu__login">
        {t.nav.login}
      </Link>
      <Link to={paths.signUp(returnTo)} className="button button--primary account-menu__sign-up">
        {t.nav.signUp}
      </Link>
    </div>
  );
}

/** The sub-account in use (icon, nickname, kid badge) and what a member does with it. */
function MemberMenu({ info }: { info: LoginInfo }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, boxRef, buttonRef);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = useHeaderMemberInfo(info).data;
  const kid = info.kidMode === '1';

  const onLogout = async () => {
    setPending(true);
    setError('');
    // The header shows 登入 as soon as the session is refreshed, which may be before this
    // continues: a visitor who has followed it by then stays where they went.
    const at = window.location.href;
    try {
      await logout(queryClient);
      setOpen(false);
      if (window.location.href === at) navigate(pageRoutes.home);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t.common.actionFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="account-menu" ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {member?.iconUrl ? (
          <img
            className="account-menu__icon"
            src={member.iconUrl}
            alt={member.iconDesc}
            width={32}
            height={32}
          />
        ) : (
          <span className="account-menu__icon" aria-hidden="true" />
        )}
        <span className="account-menu__who">
          {/* Nicknames are shown as text, never as markup (docs/adr/0007). */}
          <span className="account-menu__name">{info.nickname}</span>
          {kid ? <span className="badge badge--kid">{t.account.kidMode}</span> : null}
        </span>
        <span className="account-menu__caret" aria-hidden="true" />
      </button>
      <div id={listId} className="account-menu__panel" hidden={!open}>
        <ul className="account-menu__list">
          <li>
            <Link
              to={paths.subAccountSelect(returnToHere(location))}
              className="account-menu__item"
              onClick={close}
            >
              {t.account.switchUser}
            </Link>
          </li>
          <li>
            {/* The account centre (issue 23 item 1): profile, wallet, orders, devices … */}
            <Link to={pageRoutes.accountCentre} className="account-menu__item" onClick={close}>
              {t.account.settings}
            </Link>
          </li>
          <li>
            <Link to={pageRoutes.subAccounts} className="account-menu__item" onClick={close}>
              {t.account.manage}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="account-menu__item"
              onClick={onLogout}
              disabled={pending}
            >
              {pending ? t.account.loggingOut : t.account.logout}
            </button>
          </li>
        </ul>
        <p aria-live="assertive" className="account-menu__error">
          {error}
        </p>
      </div>
    </div>
  );
}

/** The header's account area: waits for the session context, then visitor links or the menu. */
export function AccountMenu() {
  const { data, isPending } = useLoginInfo();
  if (isPending) return <div className="account-menu account-menu--pending" />;
  return data?.isLogin === 'Y' ? <MemberMenu info={data} /> : <VisitorLinks />;
}
