import {
  VOUCHER_BATCH_KIND_LABELS,
  VOUCHER_CHANNEL_LABELS,
  consoleVoucherCalls,
  type VoucherBatch,
} from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable, Pager } from '../ui/DataTable';
import { BATCHES_KEY, formatCount } from '../vouchers/labels';

const PAGE_SIZE = 25;
const column = createColumnHelper<VoucherBatch>();

/** 序號批次 (issue 25 item 5): the batches, newest first, with their figures. */
export function VoucherBatchesPage({ editable }: { editable: boolean }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  useEffect(() => {
    document.title = '序號批次 — 營運後台';
  }, []);
  const batches = useQuery({
    queryKey: [...BATCHES_KEY, { page }],
    queryFn: () => call(consoleVoucherCalls.listBatches, { page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: '批次',
        cell: (info) => (
          <Link to={`/vouchers/${info.row.original.batchId}`}>
            {info.getValue()}（{info.row.original.batchId}）
          </Link>
        ),
      }),
      column.accessor('kind', {
        header: '種類',
        cell: (info) => VOUCHER_BATCH_KIND_LABELS[info.getValue()],
      }),
      column.accessor('channel', {
        header: '銷售通路',
        cell: (info) => VOUCHER_CHANNEL_LABELS[info.getValue()],
      }),
      column.accessor('validUntil', {
        header: '兌換期限',
        cell: (info) => formatTaipei(info.getValue()),
      }),
      column.accessor((row) => row.figures.issued, {
        id: 'issued',
        header: '發行',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor((row) => row.figures.redeemed, {
        id: 'redeemed',
        header: '已兌換',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor((row) => row.figures.expired, {
        id: 'expired',
        header: '已逾期',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor((row) => row.figures.voided, {
        id: 'voided',
        header: '已作廢',
        cell: (info) => formatCount(info.getValue()),
      }),
      column.accessor('exportCount', {
        header: '匯出',
        cell: (info) =>
          info.getValue() === 0
            ? '尚未匯出'
            : info.getValue() === 1
              ? '已匯出'
              : `已匯出 ${info.getValue()} 次`,
      }),
    ],
    [],
  );
  return (
    <>
      <div className="page-head">
        <h1>序號批次</h1>
        {editable && (
          <Link className="button" to="/vouchers/new">
            新增序號批次
          </Link>
        )}
      </div>
      {!editable && <p>您的角色只能檢視序號批次與統計。</p>}
      {batches.isError && <Alert>{batches.error.message}</Alert>}
      <DataTable
        caption="序號批次清單（新的在前）"
        columns={columns}
        data={batches.data?.batches ?? []}
        rowKey={(row) => row.batchId}
        busy={batches.isPending}
      />
      {batches.data && (
        <Pager
          page={batches.data.page}
          pageSize={PAGE_SIZE}
          total={batches.data.total}
          onPage={(next) => {
            const params = new URLSearchParams(search);
            if (next === 1) params.delete('page');
            else params.set('page', String(next));
            setSearch(params);
          }}
        />
      )}
    </>
  );
}
