import { zodResolver } from '@hookform/resolvers/zod';
import {
  consoleCatalogueCalls,
  titleKindSchema,
  titleListQuerySchema,
  titleStateSchema,
  type ConsoleTitleRow,
} from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { call, type CallInput } from '../api/call';
import { mayEditTitles, useSession } from '../api/session';
import { NewTitleDialog } from '../catalogue/NewTitleDialog';
import { KIND_LABELS, SELL_TYPE_LABELS, STATE_LABELS } from '../labels';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable, Pager } from '../ui/DataTable';
import { Field, describedBy } from '../ui/form';

type Query = z.output<typeof titleListQuerySchema>;
const column = createColumnHelper<ConsoleTitleRow>();
const SORTABLE = new Set(titleListQuerySchema.shape.sort.unwrap().options as readonly string[]);

const filterSchema = z.object({
  q: z.string().trim().max(50, '最多 50 個字'),
  kind: z.union([titleKindSchema, z.literal('')]),
  state: z.union([titleStateSchema, z.literal('')]),
});

/** The list's query, read from the address (a bad value falls back to its default). */
export function queryFromSearch(search: URLSearchParams): Query {
  const raw = Object.fromEntries(search);
  const parsed = titleListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep what is valid, one field at a time.
  const fallback = titleListQuerySchema.parse({});
  for (const [name, value] of Object.entries(raw)) {
    const one = titleListQuerySchema.safeParse({ [name]: value });
    if (one.success) Object.assign(fallback, { [name]: one.data[name as keyof Query] });
  }
  return fallback;
}

export function TitlesPage() {
  const [search, setSearch] = useSearchParams();
  const query = queryFromSearch(search);
  const session = useSession();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const editable = Boolean(session.data && mayEditTitles(session.data.roles));
  useEffect(() => {
    document.title = '影片 — 營運後台';
  }, []);

  const titles = useQuery({
    queryKey: ['console', 'titles', query],
    queryFn: () =>
      call(
        consoleCatalogueCalls.listTitles,
        query as CallInput<typeof consoleCatalogueCalls.listTitles>,
      ),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    setSearch(next);
  };

  const filters: z.input<typeof filterSchema> = {
    q: query.q ?? '',
    kind: query.kind ?? '',
    state: query.state ?? '',
  };
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(filterSchema),
    values: filters,
  });
  const applyFilters = handleSubmit((values) => update({ ...values, page: undefined }));

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: '片名',
        cell: (info) => (
          <Link to={`/titles/${info.row.original.contentId}`}>{info.getValue()}</Link>
        ),
      }),
      column.accessor('contentId', { header: '影片編號' }),
      column.accessor('kind', {
        header: '類型',
        enableSorting: false,
        cell: (info) => KIND_LABELS[info.getValue()],
      }),
      column.accessor('year', { header: '年份' }),
      column.accessor('sellType', {
        header: '販售方式',
        enableSorting: false,
        cell: (info) => SELL_TYPE_LABELS[info.getValue()],
      }),
      column.accessor('state', {
        header: '狀態',
        enableSorting: false,
        cell: (info) => (
          <span className={`badge badge--${info.getValue()}`}>{STATE_LABELS[info.getValue()]}</span>
        ),
      }),
      column.accessor('onShelfAt', {
        header: '上架時間',
        cell: (info) => formatTaipei(info.getValue()),
      }),
      column.accessor('updatedAt', {
        header: '最後修改',
        cell: (info) => formatTaipei(info.getValue()),
      }),
    ],
    [],
  );

  const sorting: SortingState = [{ id: query.sort, desc: query.order === 'desc' }];

  return (
    <>
      <h1>影片</h1>
      {editable && (
        <div className="actions">
          <button type="button" className="button" onClick={() => setAdding(true)}>
            新增影片
          </button>
        </div>
      )}
      {adding && (
        <NewTitleDialog
          onClose={() => setAdding(false)}
          onCreated={(title) => {
            setAdding(false);
            void navigate(`/titles/${title.contentId}`);
          }}
        />
      )}
      <form className="filters" onSubmit={applyFilters} role="search" aria-label="篩選影片">
        <Field id="title-q" label="搜尋片名或編號" error={formState.errors.q?.message}>
          <input type="search" {...describedBy('title-q', formState.errors.q)} {...register('q')} />
        </Field>
        <Field id="title-kind" label="類型">
          <select id="title-kind" {...register('kind')}>
            <option value="">全部</option>
            {titleKindSchema.options.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="title-state" label="狀態">
          <select id="title-state" {...register('state')}>
            <option value="">全部</option>
            {titleStateSchema.options.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </Field>
        <div className="filters__actions">
          <button type="submit" className="button">
            篩選
          </button>
        </div>
      </form>
      {titles.isError && <Alert>{titles.error.message}</Alert>}
      <DataTable
        caption="影片清單"
        columns={columns}
        data={titles.data?.titles ?? []}
        rowKey={(row) => row.contentId}
        busy={titles.isFetching}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          if (!first || !SORTABLE.has(first.id)) return;
          update({ sort: first.id, order: first.desc ? 'desc' : 'asc', page: undefined });
        }}
      />
      {titles.data && (
        <Pager
          page={titles.data.page}
          pageSize={titles.data.pageSize}
          total={titles.data.total}
          onPage={(page) => update({ page })}
        />
      )}
    </>
  );
}
