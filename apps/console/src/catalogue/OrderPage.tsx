import { consoleCatalogueCalls, type OrderedList, type StaffSelf } from '@site/contract/console';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../api/call';
import { Alert } from '../ui/Alert';
import { OrderEditor, type OrderMessage as Message } from '../ui/OrderEditor';

const LISTS: { list: OrderedList; label: string }[] = [
  { list: 'mainCategories', label: '主分類' },
  { list: 'menus', label: '選單' },
  { list: 'homeGroups', label: '首頁群組' },
];

/** Who may put a list in a new order (setOrder's roles); the other readers look. */
export function mayOrder(roles: StaffSelf['roles']): boolean {
  return roles.some(
    (role) => role === 'admin' || role === 'content_editor' || role === 'marketing',
  );
}

/**
 * 排序: the main categories, the menu and the home page's groups, each put in order by dragging a
 * row or with its 上移/下移 buttons (keyboard and touch), then saved on the order loaded.
 */
export function OrderPage({ staff }: { staff: StaffSelf }) {
  useEffect(() => {
    document.title = '排序 — 營運後台';
  }, []);
  const editable = mayOrder(staff.roles);
  return (
    <>
      <h1>排序</h1>
      <p className="hint">
        {editable
          ? '拖曳項目，或使用每一列的「上移」「下移」按鈕調整順序，完成後按「儲存排序」。'
          : '您的角色只能檢視順序。'}
      </p>
      {LISTS.map(({ list, label }) => (
        <OrderSection key={list} list={list} label={label} editable={editable} />
      ))}
    </>
  );
}

function OrderSection({
  list,
  label,
  editable,
}: {
  list: OrderedList;
  label: string;
  editable: boolean;
}) {
  const key = ['console', 'order', list];
  const queryClient = useQueryClient();
  // Kept here: the editor below is made anew for each order loaded (a save, a reload).
  const [message, setMessage] = useState<Message | null>(null);
  const loaded = useQuery({
    queryKey: key,
    queryFn: async () => (await call(consoleCatalogueCalls.getOrder, { list })).items,
  });
  if (loaded.isPending) {
    return (
      <section className="panel">
        <h2>{label}</h2>
        <p aria-busy="true">載入中…</p>
      </section>
    );
  }
  if (loaded.isError) {
    return (
      <section className="panel">
        <h2>{label}</h2>
        <Alert>{loaded.error.message}</Alert>
      </section>
    );
  }
  return (
    <OrderEditor
      key={loaded.data.map((item) => item.id).join(',')}
      list={list}
      label={label}
      editable={editable}
      loaded={loaded.data}
      message={message}
      setMessage={setMessage}
      onSave={async (seen, order) =>
        (await call(consoleCatalogueCalls.setOrder, { list, seen, order })).items
      }
      onSaved={(items) => queryClient.setQueryData(key, items)}
      onReload={() => queryClient.invalidateQueries({ queryKey: key })}
    />
  );
}
