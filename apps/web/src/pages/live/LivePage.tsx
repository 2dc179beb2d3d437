import { useParams } from 'react-router';
import { useChannelGroups } from '../../api/hooks';
import { usePageTitle } from '../../app/page-title';
import { ChannelGrid } from '../../features/channel-grid/ChannelGrid';
import { t } from '../../i18n/zh-TW';

/** /LiveChannel and /LiveChannel/{channelId}; the player, strip and schedule join later. */
export default function LivePage() {
  const { channelId } = useParams();
  usePageTitle(channelId ? t.pageTitles.liveChannel : t.pageTitles.live);
  const groups = useChannelGroups();

  let body;
  if (groups.isError) {
    body = (
      <p className="message message--error" role="alert">
        {groups.error.message}
      </p>
    );
  } else if (!groups.data) {
    body = (
      <p className="page__intro" role="status">
        {t.common.loading}
      </p>
    );
  } else if (groups.data.length === 0) {
    body = <p className="message">{t.live.empty}</p>;
  } else {
    body = <ChannelGrid groups={groups.data} currentChannelId={channelId} />;
  }

  return (
    <div className="page">
      <div>
        <h1>{t.pageTitles.live}</h1>
        <p className="page__intro">{t.live.intro}</p>
      </div>
      {body}
    </div>
  );
}
