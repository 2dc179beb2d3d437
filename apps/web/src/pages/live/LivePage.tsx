import { useRef } from 'react';
import { useParams } from 'react-router';
import type { LivePageData } from '@site/contract';
import { useChannelGroups } from '../../api/hooks';
import { useLivePageData } from '../../api/live';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { ChannelGrid } from '../../features/channel-grid/ChannelGrid';
import { t } from '../../i18n/zh-TW';
import { ChannelStrip } from './ChannelStrip';
import { LiveChannelArea } from './LiveChannelArea';
import { nextRefreshIn } from './schedule';
import { useChannelStarter } from './start-channel';
import './LivePage.css';
import { LoadError } from '../../features/load-error/LoadError';

/** Ask for the page data again when the strip's earliest programme ends (program.endsAt). */
function refetchIn(data: LivePageData | undefined): number | false {
  if (!data) return false;
  const list = data.dataContent.mainWrapCustomizeData.liveChannelList;
  return nextRefreshIn(
    list.map((channel) => channel.program.endsAt),
    Date.now(),
  );
}

/**
 * /LiveChannel and /LiveChannel/{channelId} (SPEC §2 "Live channel page"): the video area, the
 * '直播進行中' strip and the tabbed channel-group grid. Without a channel in the address the
 * default channel is switched to once the page data is in (SPEC §4).
 */
export default function LivePage() {
  const { channelId: fromPath } = useParams();
  const page = useLivePageData(refetchIn);
  const login = useLoginInfo();
  const groups = useChannelGroups();
  const content = page.data?.dataContent;
  const channels = content?.mainWrapCustomizeData.liveChannelList ?? [];
  const channelId = fromPath ?? content?.mainWrapCustomizeData.defaultLiveChannelId ?? '';
  const listed = channels.find((channel) => channel.channelId === channelId);
  usePageTitle(listed?.channelName ?? (fromPath ? t.pageTitles.liveChannel : t.pageTitles.live));

  // Who is watching decides the player (device) and the watching limit (uid): both known first.
  const known = login.data !== undefined || login.isError;
  const ready = known && (fromPath !== undefined || content !== undefined || page.isError);
  const stageRef = useRef<HTMLDivElement>(null);
  const starter = useChannelStarter(stageRef, known && (login.data?.deviceType ?? 'PC') === 'PC');

  return (
    <div className="page live-page">
      <h1 className="visually-hidden">{t.live.pageHeading}</h1>
      <LiveChannelArea
        channelId={ready ? channelId : ''}
        waiting={!ready}
        channels={channels}
        deviceType={known ? (login.data?.deviceType ?? 'PC') : undefined}
        anonymous={content ? content.uid === '' : login.data?.isLogin !== 'Y'}
        onSwitch={starter.switchTo}
        stageRef={stageRef}
      />
      <ChannelStrip
        channels={channels}
        activeId={channelId}
        starter={starter}
        pending={!content && !page.isError}
      />
      <section className="live-page__groups" aria-labelledby="live-groups-title">
        <h2 id="live-groups-title">{t.live.groupsHeading}</h2>
        {groups.isError ? (
          <LoadError error={groups.error} onRetry={() => groups.refetch()} />
        ) : !groups.data ? (
          <p className="page__intro" role="status">
            {t.common.loading}
          </p>
        ) : groups.data.length === 0 ? (
          <p className="message">{t.live.empty}</p>
        ) : (
          <ChannelGrid
            groups={groups.data}
            currentChannelId={channelId}
            startChannel={starter.onClick}
          />
        )}
      </section>
    </div>
  );
}
