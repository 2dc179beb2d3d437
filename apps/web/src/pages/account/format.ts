import { PHONE_PATTERN } from '@site/contract';
import { t } from '../../i18n/zh-TW';

const c = t.accountCentre;

const date = new Intl.DateTimeFormat('zh-TW', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Unix seconds as a Taipei calendar date: 2026/11/22. */
export function formatDate(unixSeconds: number): string {
  return date.format(new Date(unixSeconds * 1000));
}

/** NT$ with its sign, as a ledger shows it: +NT$300, −NT$60 (a real minus sign). */
export function formatSignedAmount(amount: number): string {
  if (amount === 0) return 'NT$0';
  return `${amount > 0 ? '+' : '−'}NT$${Math.abs(amount)}`;
}

/** The page counter of a paged list: 1-based current page and the number of pages (≥ 1). */
export function pageCount(startIndex: number, totalCount: number, pageSize: number) {
  const total = Math.max(1, Math.ceil(totalCount / pageSize));
  return { current: Math.min(total, Math.floor(startIndex / pageSize) + 1), total };
}

const phone = new RegExp(`^(${PHONE_PATTERN})?$`);
// What the browser's type=email accepts, near enough; the server's schema decides.
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problem with a contact e-mail before sending ('' is allowed: it clears), or undefined. */
export function emailProblem(value: string): string | undefined {
  const v = value.trim();
  return v === '' || email.test(v) ? undefined : c.contact.emailInvalid;
}

/** The problem with a contact phone before sending ('' is allowed: it clears), or undefined. */
export function phoneProblem(value: string): string | undefined {
  return phone.test(value.trim()) ? undefined : c.contact.phoneInvalid;
}

/** A label from a table of them, or the key itself when the table lacks it. */
export function labelOf(table: Record<string, string>, key: string): string {
  return table[key] ?? key;
}
