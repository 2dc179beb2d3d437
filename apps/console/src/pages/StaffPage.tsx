import { zodResolver } from '@hookform/resolvers/zod';
import {
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  consoleStaffCalls,
  newStaffSchema,
  staffRoleSchema,
  type StaffMember,
} from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { ConsoleCallError, call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { DataTable } from '../ui/DataTable';
import { Dialog } from '../ui/Dialog';
import { Field, describedBy, showCallError } from '../ui/form';
import { StaleEditNotice, staleChanges, type StaleChange } from '../ui/StaleEdit';

const STAFF_KEY = ['console', 'staff'];
const column = createColumnHelper<StaffMember>();
const rolesText = (roles: readonly (keyof typeof STAFF_ROLE_LABELS)[]) =>
  roles.map((role) => STAFF_ROLE_LABELS[role]).join('、');

const FIELD_LABELS: Record<string, string> = {
  displayName: '姓名',
  roles: '角色',
  disabled: '停用',
  secondFactorEnrolled: '已設定驗證器',
  email: '電子郵件',
};

export function StaffPage() {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    document.title = '員工 — 營運後台';
  }, []);
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: async () => (await call(consoleStaffCalls.list)).staff,
  });

  const columns = useMemo(
    () => [
      column.accessor('displayName', { header: '姓名' }),
      column.accessor('email', { header: '電子郵件' }),
      column.accessor('roles', { header: '角色', cell: (info) => rolesText(info.getValue()) }),
      column.accessor('disabled', {
        header: '狀態',
        cell: (info) => (info.getValue() ? '停用' : '啟用'),
      }),
      column.accessor('secondFactorEnrolled', {
        header: '驗證器',
        cell: (info) => (info.getValue() ? '已設定' : '未設定'),
      }),
      column.accessor('lastSignInAt', {
        header: '最後登入',
        cell: (info) => formatTaipei(info.getValue()),
      }),
      column.display({
        id: 'edit',
        header: '操作',
        cell: (info) => (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => setEditing(info.row.original)}
          >
            編輯<span className="visually-hidden">{info.row.original.displayName}</span>
          </button>
        ),
      }),
    ],
    [],
  );

  return (
    <>
      <div className="page-head">
        <h1>員工</h1>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          新增員工
        </button>
      </div>
      {notice && <Alert tone="info">{notice}</Alert>}
      {staff.isError && <Alert>{staff.error.message}</Alert>}
      <DataTable
        caption="員工清單"
        columns={columns}
        data={staff.data ?? []}
        rowKey={(row) => row.staffId}
        busy={staff.isFetching}
      />
      {adding && (
        <Dialog title="新增員工" onClose={() => setAdding(false)}>
          <AddStaffForm
            onAdded={async (member) => {
              setAdding(false);
              setNotice(`已新增員工 ${member.displayName}。`);
              await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
            }}
          />
        </Dialog>
      )}
      {editing && (
        <Dialog title={`編輯員工：${editing.displayName}`} onClose={() => setEditing(null)}>
          <EditStaffForm
            key={`${editing.staffId}:${editing.version}`}
            member={editing}
            onSaved={async (member) => {
              setEditing(null);
              setNotice(`已更新員工 ${member.displayName}。`);
              await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
            }}
            onReload={async () => {
              const fresh = (await call(consoleStaffCalls.list)).staff;
              queryClient.setQueryData(STAFF_KEY, fresh);
              setEditing(fresh.find((member) => member.staffId === editing.staffId) ?? null);
            }}
          />
        </Dialog>
      )}
    </>
  );
}

function RoleChecks<T extends { roles: string[] }>({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const error = (errors.roles as { message?: string } | undefined)?.message;
  const errorId = `${idPrefix}-roles-error`;
  return (
    <fieldset className="checks" aria-describedby={error ? errorId : undefined}>
      <legend>角色</legend>
      {STAFF_ROLES.map((role) => (
        <div className="check" key={role}>
          <input
            type="checkbox"
            id={`${idPrefix}-role-${role}`}
            value={role}
            {...register('roles' as never)}
          />
          <label htmlFor={`${idPrefix}-role-${role}`}>{STAFF_ROLE_LABELS[role]}</label>
        </div>
      ))}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function AddStaffForm({ onAdded }: { onAdded: (member: StaffMember) => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newStaffSchema),
    defaultValues: { email: '', displayName: '', roles: [], password: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onAdded((await call(consoleStaffCalls.add, values)).staff);
    } catch (error) {
      setFailure(showCallError(error, setError, ['email', 'displayName', 'roles', 'password']));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      {failure && <Alert>{failure}</Alert>}
      <Field id="new-email" label="電子郵件" error={errors.email?.message}>
        <input
          type="email"
          autoComplete="off"
          {...describedBy('new-email', errors.email)}
          {...register('email')}
        />
      </Field>
      <Field id="new-name" label="姓名" error={errors.displayName?.message}>
        <input
          type="text"
          {...describedBy('new-name', errors.displayName)}
          {...register('displayName')}
        />
      </Field>
      <RoleChecks idPrefix="new" register={register} errors={errors} />
      <Field
        id="new-password"
        label="初始密碼"
        error={errors.password?.message}
        hint="至少 12 個字元；請以安全的方式交給對方。"
      >
        <input
          type="password"
          autoComplete="new-password"
          {...describedBy('new-password', errors.password, true)}
          {...register('password')}
        />
      </Field>
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? '新增中…' : '新增'}
        </button>
      </div>
    </form>
  );
}

const editSchema = z.object({
  displayName: z.string().trim().min(1, '請輸入姓名').max(60),
  roles: z.array(staffRoleSchema).min(1, '請至少選一個角色'),
  disabled: z.boolean(),
  resetSecondFactor: z.boolean(),
});

function EditStaffForm({
  member,
  onSaved,
  onReload,
}: {
  member: StaffMember;
  onSaved: (member: StaffMember) => Promise<void>;
  onReload: () => Promise<void>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<StaleChange[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm({
    resolver: zodResolver(editSchema),
    defaultValues: {
      displayName: member.displayName,
      roles: [...member.roles],
      disabled: member.disabled,
      resetSecondFactor: false,
    },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const reply = await call(consoleStaffCalls.change, {
        staffId: member.staffId,
        version: member.version,
        ...(dirtyFields.displayName ? { displayName: values.displayName } : {}),
        ...(dirtyFields.roles ? { roles: values.roles } : {}),
        ...(dirtyFields.disabled ? { disabled: values.disabled } : {}),
        ...(values.resetSecondFactor ? { resetSecondFactor: true as const } : {}),
      });
      await onSaved(reply.staff);
    } catch (error) {
      if (error instanceof ConsoleCallError && error.code === 'STALE_EDIT') {
        setStale(staleChanges(error.fields, { ...member }, FIELD_LABELS));
        return;
      }
      setFailure(showCallError(error, setError, ['displayName', 'roles']));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      {stale && <StaleEditNotice changes={stale} onReload={() => void onReload()} />}
      {failure && <Alert>{failure}</Alert>}
      <p>
        {member.email}（版本 {member.version}）
      </p>
      <Field id="edit-name" label="姓名" error={errors.displayName?.message}>
        <input
          type="text"
          {...describedBy('edit-name', errors.displayName)}
          {...register('displayName')}
        />
      </Field>
      <RoleChecks idPrefix="edit" register={register} errors={errors} />
      <div className="check">
        <input type="checkbox" id="edit-disabled" {...register('disabled')} />
        <label htmlFor="edit-disabled">停用這位員工（結束其所有登入）</label>
      </div>
      <div className="check">
        <input
          type="checkbox"
          id="edit-reset"
          disabled={!member.secondFactorEnrolled}
          {...register('resetSecondFactor')}
        />
        <label htmlFor="edit-reset">重設驗證器（下次登入時重新設定）</label>
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? '儲存中…' : '儲存'}
        </button>
      </div>
    </form>
  );
}
