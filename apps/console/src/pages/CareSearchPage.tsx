import {
  CARE_SEARCH_KEY_LABELS,
  careSearchKeySchema,
  careSearchQuerySchema,
  consoleCareCalls,
  type CareMatch,
  type CareSearchKey,
} from '@site/contract/console';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable } from '../ui/DataTable';
import { Field, describedBy } from '../ui/form';

const column = createColumnHelper<CareMatch>();
const KEYS = careSearchKeySchema.options;

/**
 * 客服 (issue 26 item 1): find a member by login id, phone, e-mail, order id or voucher serial.
 * The search lives in the address (?q=&by=), so going back from a member returns to it.
 */
export function CareSearchPage() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const byParam = search.get('by');
  const by = KEYS.includes(byParam as CareSearchKey) ? (byParam as CareSearchKey) : undefined;
  const [text, setText] = useState(q);
  const [key, setKey] = useState<CareSearchKey | ''>(by ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    document.title = '客服 — 營運後台';
  }, []);
  const results = useQuery({
    queryKey: ['console', 'care', 'search', q, by],
    queryFn: () => call(consoleCareCalls.searchMembers, { q, ...(by ? { by } : {}) }),
    enabled: q.trim() !== '',
    // Each search is an audit entry: ask once per search, not on every focus.
    staleTime: Infinity,
    retry: false,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = careSearchQuerySchema.safeParse({ q: text, ...(key ? { by: key } : {}) });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? '查詢內容不正確');
      return;
    }
    setProblem(null);
    const next = new URLSearchParams({ q: parsed.data.q });
    if (parsed.data.by) next.set('by', parsed.data.by);
    setSearch(next);
  };
  const columns = useMemo(
    () => [
      column.accessor('loginId', {
        header: '登入帳號',
        cell: (info) => (
          <Link to={`/care/members/${encodeURIComponent(info.row.original.accountId)}`}>
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('accountId', { header: '會員編號' }),
      column.accessor('phone', { header: '手機', cell: (info) => info.getValue() ?? '—' }),
      column.accessor('email', { header: '電子郵件', cell: (info) => info.getValue() ?? '—' }),
      column.accessor('createdAt', {
        header: '加入時間',
        cell: (info) => formatTaipei(info.getValue()),
      }),
      column.accessor('matchedBy', {
        header: '符合欄位',
        cell: (info) =>
          info
            .getValue()
            .map((k) => CARE_SEARCH_KEY_LABELS[k])
            .join('、'),
      }),
    ],
    [],
  );
  return (
    <>
      <h1>客服：查詢會員</h1>
      <p>
        輸入會員的登入帳號、手機號碼、電子郵件、訂單編號或兌換序號。手機可含空白、連字號或
        +886；每次查詢與查閱都會記錄在稽核紀錄中。
      </p>
      <form className="filters" onSubmit={submit} role="search" aria-label="查詢會員">
        <Field id="care-q" label="查詢內容" error={problem ?? undefined}>
          <input
            type="search"
            value={text}
            maxLength={254}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
            {...describedBy('care-q', problem)}
          />
        </Field>
        <Field id="care-by" label="查詢欄位">
          <select
            id="care-by"
            value={key}
            onChange={(event) => setKey(event.target.value as CareSearchKey | '')}
          >
            <option value="">全部欄位</option>
            {KEYS.map((k) => (
              <option key={k} value={k}>
                {CARE_SEARCH_KEY_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <div className="filters__actions">
          <button type="submit" className="button">
            查詢
          </button>
        </div>
      </form>
      {results.isError && <Alert>{results.error.message}</Alert>}
      {results.data && results.data.matches.length === 0 && (
        <Alert tone="info">找不到符合「{q}」的會員，請確認輸入內容或改選查詢欄位。</Alert>
      )}
      {results.data && results.data.matches.length > 0 && (
        <DataTable
          caption={`符合「${q}」的會員`}
          columns={columns}
          data={results.data.matches}
          rowKey={(row) => row.accountId}
          busy={results.isFetching}
        />
      )}
    </>
  );
}
