import { useEffect, useId, useState } from 'react';
import { ConsoleCallError } from '../api/call';
import { moveItem, movedAnnouncement, orderChanged, type OrderItem } from './order';
import { Alert } from './Alert';

export type OrderMessage = { tone: 'error' | 'info'; text: string };
type Message = OrderMessage;

/**
 * A list put in order by dragging a row or with its 上移/下移 buttons (keyboard and touch; focus
 * stays with the moved item), saved on the order loaded: the catalogue's lists and the channel
 * line-up's groups (docs/adr/0047) use it.
 */
export function OrderEditor({
  list,
  label,
  editable,
  loaded,
  message,
  setMessage,
  onSave,
  onSaved,
  onReload,
}: {
  /** Makes the buttons' ids unique in the page. */
  list: string;
  label: string;
  editable: boolean;
  loaded: OrderItem[];
  message: Message | null;
  setMessage: (message: Message | null) => void;
  /** Saves `order` made on `seen`; answers the list as saved. */
  onSave: (seen: string[], order: string[]) => Promise<OrderItem[]>;
  onSaved: (items: OrderItem[]) => void;
  onReload: () => Promise<void>;
}) {
  const headingId = useId();
  const [items, setItems] = useState(loaded);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; dir: 'up' | 'down' }>();
  const seen = loaded.map((item) => item.id);
  const changed = orderChanged(items, seen);
  const buttonId = (id: string, dir: 'up' | 'down') => `order-${list}-${id}-${dir}`;

  // Focus stays with the moved item's button (its row moved in the page).
  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, dir } = focusAfterMove;
    const wanted = document.getElementById(buttonId(id, dir)) as HTMLButtonElement | null;
    const other = document.getElementById(
      buttonId(id, dir === 'up' ? 'down' : 'up'),
    ) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    // buttonId depends only on list, which does not change for this editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusAfterMove]);

  const move = (from: number, to: number, dir?: 'up' | 'down') => {
    const item = items[from];
    if (!item || to < 0 || to >= items.length || from === to) return;
    setItems(moveItem(items, from, to));
    setMessage(null);
    setAnnouncement(movedAnnouncement(item.name, to, items.length));
    if (dir) setFocusAfterMove({ id: item.id, dir });
  };

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await onSave(
        seen,
        items.map((item) => item.id),
      );
      setMessage({ tone: 'info', text: `已儲存${label}的排序。` });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ConsoleCallError && error.code === 'STALE_EDIT') {
        setMessage({
          tone: 'error',
          text: `${label}的順序在您編輯時已被其他人變更，已重新載入目前的順序，請再調整一次。`,
        });
        await onReload();
      } else {
        setMessage({
          tone: 'error',
          text: error instanceof Error ? error.message : '儲存失敗，請再試一次。',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{label}</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <ol className="order-list" aria-labelledby={headingId}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className={dragging === index ? 'order-item order-item--dragging' : 'order-item'}
            draggable={editable && !busy}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', item.id);
              setDragging(index);
            }}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              if (dragging !== index) {
                move(dragging, index);
                setDragging(index);
              }
            }}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <span className="order-item__place">{index + 1}</span>
            <span className="order-item__name">{item.name}</span>
            {editable && (
              <span className="order-item__moves">
                <button
                  type="button"
                  id={buttonId(item.id, 'up')}
                  className="button button--quiet"
                  aria-label={`上移 ${item.name}`}
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  上移
                </button>
                <button
                  type="button"
                  id={buttonId(item.id, 'down')}
                  className="button button--quiet"
                  aria-label={`下移 ${item.name}`}
                  disabled={busy || index === items.length - 1}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  下移
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {editable && (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={!changed || busy}
            onClick={() => void save()}
          >
            {busy ? '儲存中…' : '儲存排序'}
          </button>
          <button
            type="button"
            className="button button--quiet"
            disabled={!changed || busy}
            onClick={() => {
              setItems(loaded);
              setAnnouncement('已還原為載入時的順序。');
            }}
          >
            還原
          </button>
        </div>
      )}
    </section>
  );
}
