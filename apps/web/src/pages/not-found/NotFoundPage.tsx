import { Link } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePageTitle } from '../../routing/page-title';
import { t } from '../../i18n/zh-TW';

/** Also used inside pages whose route matched but whose id names nothing. */
export function NotFoundView() {
  // The server may have titled this URL after its route; the page knows it names nothing.
  usePageTitle(t.pageTitles.notFound, true);
  return (
    <div className="page">
      <h1>{t.pageTitles.notFound}</h1>
      <p className="page__intro">{t.notFound.message}</p>
      <p>
        <Link to={pageRoutes.home} className="button button--primary">
          {t.common.backHome}
        </Link>
      </p>
    </div>
  );
}

export default NotFoundView;
