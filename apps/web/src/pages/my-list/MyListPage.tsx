import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useParams, useSearchParams } from 'react-router';
import { PAGE_SIZE, listTypes, type ListType, type LoginInfo } from '@site/contract';
import { useListCounts, type ListCounts } from '../../api/lists';
import { useLoginInfo } from '../../api/session';
import { PageLoading } from '../../routing/PageLoading';
import { usePageTitle } from '../../routing/page-title';
import { paths, returnToHere } from '../../routing/paths';
import { startIndexFromParam } from '../../features/pager/pager';
import { t } from '../../i18n/zh-TW';
import { NotFoundView } from '../not-found/NotFoundPage';
import { HistoryList } from './HistoryList';
import { MenuList } from './MenuList';
import { PurchasedList } from './PurchasedList';
import './MyListPage.css';

function isListType(value: string | undefined): value is ListType {
  return (listTypes as readonly (string | undefined)[]).includes(value);
}

/** The count each tab shows (SPEC §3); the play history has none. */
const countOf: Record<ListType, keyof ListCounts | undefined> = {
  watching: 'keepWatchCount',
  viewlist: 'toViewListCount',
  purchased: 'rentalListCount',
  favorite: 'myFavoriteCount',
  history: undefined,
};

/** The five lists as links (each its own URL), the current one marked aria-current. */
function ListTabs({ counts }: { counts: ListCounts | undefined }) {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: bring the current one into view (again once the counts
  // have widened the tabs).
  const loaded = counts !== undefined;
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const box = list.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.right > box.right) list.scrollLeft += tab.right - box.right + 16;
    else if (tab.left < box.left) list.scrollLeft -= box.left - tab.left + 16;
  }, [pathname, loaded]);
  return (
    <nav aria-label={t.myList.tabsLabel}>
      <ul className="my-list-tabs" ref={listRef}>
        {listTypes.map((type) => {
          const key = countOf[type];
          const count = key && counts ? counts[key] : undefined;
          return (
            <li key={type}>
              <NavLink to={paths.myList(type)} className="my-list-tabs__link">
                {typeof count === 'number'
                  ? t.myList.tab(t.listTypes[type], count)
                  : t.listTypes[type]}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function MemberLists({ info, listType }: { info: LoginInfo; listType: ListType }) {
  const counts = useListCounts(info).data;
  const [search] = useSearchParams();
  const startIndex = startIndexFromParam(search.get('startIndex'), PAGE_SIZE);
  const heading = useRef<HTMLHeadingElement>(null);

  let list;
  if (listType === 'history') {
    list = <HistoryList info={info} startIndex={startIndex} heading={heading} />;
  } else if (listType === 'purchased') {
    list = <PurchasedList info={info} startIndex={startIndex} />;
  } else {
    list = (
      <MenuList
        key={listType}
        info={info}
        listType={listType}
        startIndex={startIndex}
        heading={heading}
      />
    );
  }

  return (
    <>
      <ListTabs counts={counts} />
      <section aria-labelledby="my-list-heading" className="my-list__panel">
        <h2 id="my-list-heading" ref={heading} tabIndex={-1}>
          {t.listTypes[listType]}
        </h2>
        {list}
      </section>
    </>
  );
}

/** Visitors see the tabs and a way to log in that comes back to this list. */
function LoginPrompt({ listType }: { listType: ListType }) {
  const returnTo = returnToHere(useLocation());
  return (
    <>
      <ListTabs counts={undefined} />
      <section aria-labelledby="my-list-heading" className="my-list__panel">
        <h2 id="my-list-heading">{t.listTypes[listType]}</h2>
        <div className="message">
          <p>{t.myList.loginHint}</p>
          <p>
            <Link to={paths.login(returnTo)} className="button button--primary">
              {t.nav.login}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}

function MyList({ listType }: { listType: ListType }) {
  usePageTitle(`${t.pageTitles.myList}：${t.listTypes[listType]}`);
  const login = useLoginInfo();
  let body;
  if (login.isPending) body = <PageLoading />;
  else if (login.data?.isLogin === 'Y')
    body = <MemberLists info={login.data} listType={listType} />;
  else body = <LoginPrompt listType={listType} />;
  return (
    <div className="page my-list">
      <h1>{t.pageTitles.myList}</h1>
      {body}
    </div>
  );
}

export default function MyListPage() {
  const { listType } = useParams();
  return isListType(listType) ? <MyList listType={listType} /> : <NotFoundView />;
}
