import { useQueryClient } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { pageRoutes } from '@site/contract';
import { useLoginInfo } from '../api/session';
import { iconHintKey, markIconHintSeen, useNewIconHint } from '../api/site-content';
import { t } from '../i18n/zh-TW';

interface HintReply {
  hintList: { hint: { hintId: string; show: 'Y' | 'N'; count: number }[] };
}

/**
 * 瀏覽, the catalogue newest first, with a 'new' badge for members while titles have arrived
 * since they last looked (ajaxCheckNewIconHint.do). Following the link clears it
 * (ajaxUpdateNewIconHint.do {hintId: 'newTitles'}).
 */
export function BrowseLink() {
  const info = useLoginInfo().data;
  const hint = useNewIconHint(info, 'newTitles').data;
  const queryClient = useQueryClient();
  const showBadge = hint?.show === 'Y';

  const onOpen = () => {
    if (!showBadge) return;
    const key = iconHintKey(info);
    queryClient.setQueryData<HintReply>(key, (old) =>
      old
        ? {
            hintList: {
              hint: old.hintList.hint.map((h) =>
                h.hintId === 'newTitles' ? { ...h, show: 'N', count: 0 } : h,
              ),
            },
          }
        : old,
    );
    markIconHintSeen('newTitles').catch(() => queryClient.invalidateQueries({ queryKey: key }));
  };

  return (
    <NavLink to={pageRoutes.browse} className="site-nav__link" onClick={onOpen}>
      {t.nav.browse}
      {showBadge ? (
        <>
          <span className="badge badge--new" aria-hidden="true">
            {t.nav.newBadge}
          </span>
          <span className="visually-hidden">{t.nav.newTitles(hint.count)}</span>
        </>
      ) : null}
    </NavLink>
  );
}
