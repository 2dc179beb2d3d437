import type { Kysely } from 'kysely';
import { careSearchKeys, type CareMatch, type CareSearchKey } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import {
  accountsByContact,
  accountsByIds,
  type AccountContactRow,
} from '../accounts/care-reads.js';
import { accountOfOrder, accountOfSerial } from '../commerce/care-reads.js';

/*
 * Finding a member (issue 26 item 1; docs/adr/0052):
 * 1. The text is read as every key it can be (contract careSearchKeys: an e-mail lower-cased, a
 *    phone in 09 and eight digits from any of its spellings, an order id as typed, a serial as
 *    the redeem screen spells it), or as the one key asked for.
 * 2. Each key is one exact lookup on an index (login id, e-mail, phone, order id, serial): no
 *    pattern match, no scan, so a search costs the same on a million members as on ten.
 * 3. A serial finds the member who redeemed it; an unredeemed or unknown one finds nobody.
 * 4. Every search is an audit entry naming the keys tried and the accounts found (not the text:
 *    the trail is not a second copy of members' phone numbers).
 */

const NOT_A: Record<CareSearchKey, string> = {
  loginId: '登入帳號須為電子郵件或 09 開頭的 10 位手機號碼。',
  email: '請輸入有效的電子郵件地址。',
  phone: '手機號碼須為 09 開頭的 10 位數字（可含空白、連字號或 +886）。',
  orderId: '訂單編號只含英文字母、數字、底線與連字號。',
  serial: '序號須為 4 到 32 個英文字母或數字。',
};

const ORDER: readonly CareSearchKey[] = ['loginId', 'email', 'phone', 'orderId', 'serial'];

export async function searchMembers(
  db: Kysely<Database>,
  actor: Actor,
  query: { q: string; by?: CareSearchKey | undefined },
  now: number,
): Promise<{ matches: CareMatch[] }> {
  const all = careSearchKeys(query.q);
  if (query.by && all[query.by] === undefined) {
    throw new AppError('BAD_INPUT', [{ name: 'q', problem: 'format' }], NOT_A[query.by]);
  }
  const keys: Partial<Record<CareSearchKey, string>> = query.by
    ? { [query.by]: all[query.by] }
    : all;
  const [contact, orderOwner, serialOwner] = await Promise.all([
    accountsByContact(db, keys),
    keys.orderId === undefined ? undefined : accountOfOrder(db, keys.orderId),
    keys.serial === undefined ? undefined : accountOfSerial(db, keys.serial),
  ]);
  const owners = [orderOwner, serialOwner].filter((id): id is string => id !== undefined);
  const found = new Map<string, { row: AccountContactRow; by: Set<CareSearchKey> }>();
  const add = (row: AccountContactRow, key: CareSearchKey) => {
    const entry = found.get(row.accountId) ?? { row, by: new Set<CareSearchKey>() };
    entry.by.add(key);
    found.set(row.accountId, entry);
  };
  for (const key of ['loginId', 'email', 'phone'] as const) {
    for (const row of contact[key]) add(row, key);
  }
  for (const row of await accountsByIds(db, owners)) {
    if (row.accountId === orderOwner) add(row, 'orderId');
    if (row.accountId === serialOwner) add(row, 'serial');
  }
  const matches = [...found.values()]
    .map(({ row, by }) => ({ ...row, matchedBy: ORDER.filter((k) => by.has(k)) }))
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  await recordChange(
    db,
    actor,
    {
      entity: 'care.member.search',
      entityId: Object.keys(keys).join(',') || '-',
      before: null,
      after: { found: matches.map((m) => m.accountId) },
    },
    now,
  );
  return { matches };
}
