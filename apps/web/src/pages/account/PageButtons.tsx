import { t } from '../../i18n/zh-TW';
import { pageCount } from './format';

const p = t.accountCentre.pages;

/** 上一頁 / 第 n／m 頁 / 下一頁 for a list paged in place (the page's address stays). */
export function PageButtons({
  what,
  startIndex,
  totalCount,
  pageSize,
  onPage,
}: {
  /** What is paged, for the navigation's name ('錢包紀錄'). */
  what: string;
  startIndex: number;
  totalCount: number;
  pageSize: number;
  onPage: (startIndex: number) => void;
}) {
  const { current, total } = pageCount(startIndex, totalCount, pageSize);
  if (total <= 1) return null;
  return (
    <nav className="account-centre__pages" aria-label={p.label(what)}>
      <button
        type="button"
        className="button"
        disabled={current <= 1}
        onClick={() => onPage((current - 2) * pageSize)}
      >
        {p.previous}
      </button>
      <span aria-live="polite">{p.status(current, total)}</span>
      <button
        type="button"
        className="button"
        disabled={current >= total}
        onClick={() => onPage(current * pageSize)}
      >
        {p.next}
      </button>
    </nav>
  );
}
