import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { LoginInfo } from '@site/contract';
import { ApiError } from '../../api/client';
import {
  membershipKey,
  refreshLists,
  updateFavorite,
  updateToViewList,
  useListMembership,
  type MembershipList,
} from '../../api/lists';
import { paths, returnToHere } from '../../routing/paths';
import { t } from '../../i18n/zh-TW';

interface Target {
  contentId: string;
  isSeries: 'Y' | 'N';
}

const labels: Record<MembershipList, string> = {
  ToViewList: t.details.toView,
  MyFavorite: t.details.favorite,
};

function Toggle({
  info,
  list,
  target,
  onMessage,
}: {
  info: LoginInfo;
  list: MembershipList;
  target: Target;
  onMessage: (message: string, error: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const membership = useListMembership(info, list, target.contentId);
  const [pending, setPending] = useState(false);
  const inList = membership.data === true;

  const toggle = async () => {
    setPending(true);
    try {
      const update = list === 'ToViewList' ? updateToViewList : updateFavorite;
      const now = await update(target, !inList);
      queryClient.setQueryData(membershipKey(info, list, target.contentId), now);
      onMessage(now ? t.details.added(labels[list]) : t.details.removed(labels[list]), false);
      void refreshLists(queryClient, info);
    } catch (failure) {
      onMessage(failure instanceof ApiError ? failure.message : t.common.actionFailed, true);
    } finally {
      setPending(false);
    }
  };

  return (
    <button
      type="button"
      className={`button list-toggle${inList ? ' list-toggle--on' : ''}`}
      aria-pressed={inList}
      disabled={pending || membership.isPending}
      onClick={() => void toggle()}
    >
      <span className="list-toggle__icon" aria-hidden="true">
        {inList ? '✓' : '＋'}
      </span>
      {labels[list]}
    </button>
  );
}

/**
 * 待看清單 and 我的最愛 as toggle buttons (aria-pressed) for members; visitors get a login link
 * that comes back here. The state is read from the lists and then kept from the toggle replies.
 */
export function ListToggles({ info, target }: { info: LoginInfo | undefined; target: Target }) {
  const location = useLocation();
  const [message, setMessage] = useState({ text: '', error: false });
  if (!info) return <div className="details__lists" />;
  if (info.isLogin !== 'Y') {
    return (
      <p className="details__lists details__note">
        {t.details.loginForLists}{' '}
        <Link to={paths.login(returnToHere(location))}>{t.nav.login}</Link>
      </p>
    );
  }
  const onMessage = (text: string, error: boolean) => setMessage({ text, error });
  return (
    <div className="details__lists" role="group" aria-label={t.details.listActions}>
      <Toggle info={info} list="ToViewList" target={target} onMessage={onMessage} />
      <Toggle info={info} list="MyFavorite" target={target} onMessage={onMessage} />
      <p
        className={`details__status${message.error ? ' details__status--error' : ''}`}
        aria-live="polite"
      >
        {message.text}
      </p>
    </div>
  );
}
