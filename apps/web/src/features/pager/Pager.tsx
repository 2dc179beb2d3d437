import { Link } from 'react-router';
import { PAGE_SIZE } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { pageInfo, pageNumbers } from './pager';
import './Pager.css';

interface PagerProps {
  startIndex: number;
  totalCount: number;
  hrefFor(startIndex: number): string;
}

/** Previous / numbers / next as real links, so each page has its own shareable URL. */
export function Pager({ startIndex, totalCount, hrefFor }: PagerProps) {
  const info = pageInfo(startIndex, totalCount, PAGE_SIZE);
  if (info.total <= 1) return null;
  const href = (page: number) => hrefFor((page - 1) * PAGE_SIZE);

  return (
    <nav className="pager" aria-label={t.pager.label}>
      <ul>
        <li>
          {info.current > 1 ? (
            <Link to={href(info.current - 1)} className="pager__link" rel="prev">
              {t.pager.previous}
            </Link>
          ) : (
            <span className="pager__link pager__link--disabled">{t.pager.previous}</span>
          )}
        </li>
        {pageNumbers(info).map((page, i) =>
          page === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={href(page)}
                className="pager__link pager__number"
                aria-current={page === info.current ? 'page' : undefined}
                aria-label={t.pager.page(page)}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {info.current < info.total ? (
            <Link to={href(info.current + 1)} className="pager__link" rel="next">
              {t.pager.next}
            </Link>
          ) : (
            <span className="pager__link pager__link--disabled">{t.pager.next}</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
