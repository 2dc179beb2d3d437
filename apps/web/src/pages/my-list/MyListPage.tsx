import { Link, NavLink, useParams } from 'react-router';
import { listTypes, pageRoutes, type ListType } from '@site/contract';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { t } from '../../i18n/zh-TW';
import { NotFoundView } from '../not-found/NotFoundPage';
import './MyListPage.css';

function isListType(value: string | undefined): value is ListType {
  return (listTypes as readonly (string | undefined)[]).includes(value);
}

/** The lists arrive with the accounts issue; until then each list shows its empty state. */
function MyList({ listType }: { listType: ListType }) {
  usePageTitle(`${t.pageTitles.myList}：${t.listTypes[listType]}`);
  return (
    <div className="page">
      <h1>{t.pageTitles.myList}</h1>
      <nav aria-label={t.myList.tabsLabel}>
        <ul className="my-list-tabs">
          {listTypes.map((type) => (
            <li key={type}>
              <NavLink to={paths.myList(type)} className="my-list-tabs__link">
                {t.listTypes[type]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="my-list-heading" className="message">
        <h2 id="my-list-heading">{t.listTypes[listType]}</h2>
        <p>{t.myList.empty(t.listTypes[listType])}</p>
        <p>
          {t.myList.loginHint} <Link to={pageRoutes.login}>{t.nav.login}</Link>
        </p>
      </section>
    </div>
  );
}

export default function MyListPage() {
  const { listType } = useParams();
  return isListType(listType) ? <MyList listType={listType} /> : <NotFoundView />;
}
