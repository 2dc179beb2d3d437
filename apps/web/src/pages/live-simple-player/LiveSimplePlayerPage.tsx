import { Link, useParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePageTitle } from '../../app/page-title';
import { t } from '../../i18n/zh-TW';

export default function LiveSimplePlayerPage() {
  usePageTitle(t.pageTitles.liveSimplePlayer);
  const { channelId = '' } = useParams();
  return (
    <div className="page">
      <h1>{t.pageTitles.liveSimplePlayer}</h1>
      <p className="page__intro">{t.liveSimplePlayer.intro}</p>
      <p>{t.liveSimplePlayer.channel(channelId)}</p>
      <p>
        <Link to={pageRoutes.live}>{t.liveSimplePlayer.backToLive}</Link>
      </p>
    </div>
  );
}
