import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { useLivePageData } from '../../api/live';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { t } from '../../i18n/zh-TW';
import { LiveChannelArea } from '../live/LiveChannelArea';
import { simplePlayNeedsLogin } from '../live/live-rules';

/**
 * /LiveSimplePlayer/{channelId}: the simple-player page of a simple-play channel (SPEC §2). When
 * the page data says liveIsLogin Y and there is no uid, the viewer logs in first (/login.do and
 * back here, SPEC §5); then the channel plays (its pre-roll first when ad-supported).
 */
export default function LiveSimplePlayerPage() {
  usePageTitle(t.pageTitles.liveSimplePlayer);
  const { channelId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const page = useLivePageData(() => false);
  const login = useLoginInfo();
  // Only a reply asked for on this visit counts: a cached one may be from before a login.
  const content = page.isFetchedAfterMount ? page.data?.dataContent : undefined;
  const needsLogin = content ? simplePlayNeedsLogin(content) : false;

  // Back to this very address after login, query included.
  const here = location.pathname + location.search;
  useEffect(() => {
    if (needsLogin) void navigate(paths.login(here), { replace: true });
  }, [needsLogin, navigate, here]);

  const known = login.data !== undefined || login.isError;
  const channels = content?.mainWrapCustomizeData.liveChannelList ?? [];
  return (
    <div className="page live-page">
      <h1>{t.pageTitles.liveSimplePlayer}</h1>
      {needsLogin ? (
        <p className="page__intro" role="status">
          {t.liveSimplePlayer.needsLogin}
        </p>
      ) : (
        <LiveChannelArea
          channelId={content && known ? channelId : ''}
          channels={channels}
          deviceType={known ? (login.data?.deviceType ?? 'PC') : undefined}
          anonymous={content?.uid === ''}
          simplePage
          onSwitch={() => undefined}
        />
      )}
      <p>
        <Link to={pageRoutes.live}>{t.liveSimplePlayer.backToLive}</Link>
      </p>
    </div>
  );
}
