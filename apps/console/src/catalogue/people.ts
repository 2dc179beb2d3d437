import { titlePersonSchema, type TitlePerson, type TitlePersonRole } from '@site/contract/console';

export const ROLE_LABELS: Record<TitlePersonRole, string> = { actor: '演員', director: '導演' };

export interface Row extends TitlePerson {
  key: number;
}

let nextKey = 1;
export const rowOf = (person: TitlePerson): Row => ({
  key: nextKey++,
  name: person.name,
  role: person.role,
});

/** The rows' problems by key (a name missing or too long), from the contract's own rule. */
export function peopleProblems(rows: readonly TitlePerson[]): Map<number, string> {
  const problems = new Map<number, string>();
  rows.forEach((row, i) => {
    const parsed = titlePersonSchema.safeParse(row);
    if (!parsed.success) problems.set(i, parsed.error.issues[0]?.message ?? '資料不正確');
  });
  return problems;
}

/** Moves the row at `from` by `by` places (a move past either end changes nothing). */
export function moved<T>(rows: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
