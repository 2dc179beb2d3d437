import { zodResolver } from '@hookform/resolvers/zod';
import {
  STAFF_ROLE_LABELS,
  auditSearchSchema,
  consoleAuditCalls,
  type AuditEntry,
} from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { call, callUrl } from '../api/call';
import { AUDIT_FIELD_LABELS, ENTITY_LABELS, STATE_LABELS } from '../labels';
import { formatTaipei, taipeiDayToUnix } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable, Pager } from '../ui/DataTable';
import { Field, describedBy } from '../ui/form';
import { showValue } from '../ui/StaleEdit';

const column = createColumnHelper<AuditEntry>();
const day = z
  .string()
  .refine((value) => value === '' || taipeiDayToUnix(value) !== undefined, '日期格式不正確');
const filterSchema = z.object({
  entity: z.string().trim().max(40),
  entityId: z.string().trim().max(120, '最多 120 個字'),
  staffId: z.string().trim().max(60, '最多 60 個字'),
  from: day,
  to: day,
});
type Filters = z.output<typeof filterSchema>;
const FILTER_NAMES = ['entity', 'entityId', 'staffId', 'from', 'to'] as const;

/** The filters as the address keeps them (dates as Taipei days, YYYY-MM-DD). */
function filtersFrom(search: URLSearchParams): Filters {
  const values = Object.fromEntries(FILTER_NAMES.map((name) => [name, search.get(name) ?? '']));
  const parsed = filterSchema.safeParse(values);
  return parsed.success ? parsed.data : { entity: '', entityId: '', staffId: '', from: '', to: '' };
}

/** The filters as the audit calls take them (dates as the Unix seconds of Taipei days). */
function callFilters(filters: Filters) {
  return {
    entity: filters.entity || undefined,
    entityId: filters.entityId || undefined,
    staffId: filters.staffId || undefined,
    from: filters.from ? taipeiDayToUnix(filters.from) : undefined,
    to: filters.to ? taipeiDayToUnix(filters.to, true) : undefined,
  };
}

/** A field's value as the console shows it: role and state names, Taipei times. */
function shown(name: string, value: unknown): string {
  if (name === 'roles' && Array.isArray(value)) {
    return value
      .map((role) => STAFF_ROLE_LABELS[role as keyof typeof STAFF_ROLE_LABELS] ?? String(role))
      .join('、');
  }
  if (name === 'state' && (value === 'draft' || value === 'published')) return STATE_LABELS[value];
  if ((name === 'onShelfAt' || name === 'offShelfAt') && typeof value === 'number') {
    return formatTaipei(value);
  }
  return showValue(value);
}

function Changes({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return <>—</>;
  return (
    <ul className="changes-list">
      {names.map((name) => (
        <li key={name}>
          <span className="changes-list__name">{AUDIT_FIELD_LABELS[name] ?? name}</span>：
          {before ? shown(name, before[name]) : '（新增）'} →{' '}
          {after ? shown(name, after[name]) : '（刪除）'}
        </li>
      ))}
    </ul>
  );
}

export function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const pageSize = 50;
  useEffect(() => {
    document.title = '稽核紀錄 — 營運後台';
  }, []);

  const input = { ...callFilters(filters), page, pageSize };
  const entries = useQuery({
    queryKey: ['console', 'audit', input],
    queryFn: () => call(consoleAuditCalls.search, input),
    placeholderData: keepPreviousData,
  });
  // Checked here so a bad address shows the same problem the server would name.
  const valid = auditSearchSchema.safeParse(input).success;

  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(filterSchema),
    values: filters,
  });
  const { errors } = formState;
  const apply = handleSubmit((values) => {
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) if (values[name]) next.set(name, values[name]);
    setSearch(next);
  });

  const columns = useMemo(
    () => [
      column.accessor('at', { header: '時間', cell: (info) => formatTaipei(info.getValue()) }),
      column.accessor('staffEmail', { header: '員工' }),
      column.accessor('roles', {
        header: '當時角色',
        cell: (info) =>
          info
            .getValue()
            .map((role) => STAFF_ROLE_LABELS[role])
            .join('、'),
      }),
      column.accessor('call', { header: '動作', cell: (info) => <code>{info.getValue()}</code> }),
      column.display({
        id: 'target',
        header: '對象',
        cell: (info) =>
          `${ENTITY_LABELS[info.row.original.entity] ?? info.row.original.entity} ${info.row.original.entityId}`,
      }),
      column.display({
        id: 'changes',
        header: '變更（前 → 後）',
        cell: (info) => (
          <Changes before={info.row.original.before} after={info.row.original.after} />
        ),
      }),
    ],
    [],
  );

  return (
    <>
      <h1>稽核紀錄</h1>
      <form className="filters" onSubmit={apply} role="search" aria-label="篩選稽核紀錄">
        <Field id="audit-entity" label="對象類型">
          <select {...describedBy('audit-entity', errors.entity)} {...register('entity')}>
            <option value="">全部</option>
            {Object.entries(ENTITY_LABELS).map(([entity, label]) => (
              <option key={entity} value={entity}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-entity-id" label="對象編號" error={errors.entityId?.message}>
          <input
            type="text"
            {...describedBy('audit-entity-id', errors.entityId)}
            {...register('entityId')}
          />
        </Field>
        <Field id="audit-staff" label="員工編號" error={errors.staffId?.message}>
          <input
            type="text"
            {...describedBy('audit-staff', errors.staffId)}
            {...register('staffId')}
          />
        </Field>
        <Field id="audit-from" label="起日（台北時間）" error={errors.from?.message}>
          <input type="date" {...describedBy('audit-from', errors.from)} {...register('from')} />
        </Field>
        <Field id="audit-to" label="迄日（台北時間）" error={errors.to?.message}>
          <input type="date" {...describedBy('audit-to', errors.to)} {...register('to')} />
        </Field>
        <div className="filters__actions">
          <button type="submit" className="button">
            篩選
          </button>
          <a
            className="button button--quiet"
            href={callUrl(consoleAuditCalls.exportCsv, callFilters(filters))}
            download
          >
            匯出 CSV
          </a>
        </div>
      </form>
      {!valid && <Alert>篩選條件不正確。</Alert>}
      {entries.isError && <Alert>{entries.error.message}</Alert>}
      <DataTable
        caption="稽核紀錄"
        columns={columns}
        data={entries.data?.entries ?? []}
        rowKey={(row) => String(row.auditId)}
        busy={entries.isFetching}
      />
      {entries.data && (
        <Pager
          page={entries.data.page}
          pageSize={entries.data.pageSize}
          total={entries.data.total}
          onPage={(next) => {
            const params = new URLSearchParams(search);
            params.set('page', String(next));
            setSearch(params);
          }}
        />
      )}
    </>
  );
}
