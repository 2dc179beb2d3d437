/** An ordered list's item as the console shows it. */
export interface OrderItem {
  id: string;
  name: string;
}

/** The list with the item at `from` moved to `to` (both in range; otherwise the list as is). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** Whether the order differs from the one loaded. */
export function orderChanged(items: readonly OrderItem[], seen: readonly string[]): boolean {
  return items.length !== seen.length || items.some((item, index) => item.id !== seen[index]);
}

/** What a screen reader hears after a move (zh-TW). */
export function movedAnnouncement(name: string, to: number, total: number): string {
  return `「${name}」已移到第 ${to + 1} 個，共 ${total} 個。`;
}
