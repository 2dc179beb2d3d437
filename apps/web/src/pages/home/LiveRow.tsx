import { pageRoutes, type ChannelV2 } from '@site/contract';
import { Link } from 'react-router';
import { useChannelGroups } from '../../api/hooks';
import { ChannelTile } from '../../features/channel-grid/ChannelTile';
import { t } from '../../i18n/zh-TW';

/** Every channel once, in group order (a channel may sit in several groups). */
function uniqueChannels(groups: { channelV2List: { channelV2: ChannelV2[] } }[]): ChannelV2[] {
  const seen = new Map<string, ChannelV2>();
  for (const group of groups) {
    for (const channel of group.channelV2List.channelV2) {
      if (!seen.has(channel.channelId)) seen.set(channel.channelId, channel);
    }
  }
  return [...seen.values()];
}

export function LiveRow() {
  const { data } = useChannelGroups();
  if (!data || data.length === 0) return null;
  return (
    <section className="poster-row" aria-label={t.home.liveRow}>
      <div className="poster-row__head">
        <h2 className="poster-row__title">{t.home.liveRow}</h2>
        <Link to={pageRoutes.live} className="poster-row__more">
          {t.common.seeAll}
          <span className="visually-hidden">{t.home.liveRow}</span>
        </Link>
      </div>
      <ul className="poster-row__list live-row__list">
        {uniqueChannels(data).map((channel) => (
          <li key={channel.channelId}>
            <ChannelTile channel={channel} />
          </li>
        ))}
      </ul>
    </section>
  );
}
