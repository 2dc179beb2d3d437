import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';

/**
 * A table over one page of server rows (TanStack Table, sorting and paging left to the server):
 * sortable headers are buttons, and each header says its order with aria-sort.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  sorting,
  onSortingChange,
  rowKey,
  busy,
}: {
  caption: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column value types differ
  columns: ColumnDef<T, any>[];
  data: T[];
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  rowKey: (row: T) => string;
  busy?: boolean;
}) {
  // The app is not built with the React Compiler; the table is simply read on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting: sorting ?? [] },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting ?? []) : updater;
      onSortingChange?.(next);
    },
  });
  return (
    <div className="table-wrap">
      <table className="data-table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const sortable = header.column.getCanSort() && onSortingChange !== undefined;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {label}
                        <span aria-hidden="true" className="sort-button__mark">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  data-label={
                    typeof cell.column.columnDef.header === 'string'
                      ? cell.column.columnDef.header
                      : undefined
                  }
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
          {data.length === 0 && !busy && (
            <tr>
              <td colSpan={columns.length}>沒有符合條件的資料。</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Page links of a server-paged list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label="分頁">
      <button
        type="button"
        className="button button--quiet"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        上一頁
      </button>
      <span aria-live="polite">
        第 {Math.min(page, pages)} / {pages} 頁，共 {total} 筆
      </span>
      <button
        type="button"
        className="button button--quiet"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        下一頁
      </button>
    </nav>
  );
}
