import type { Insertable } from 'kysely';
import type {
  MonthlyServiceTable,
  ServiceTitleTable,
  VoucherChoiceTable,
  VoucherTable,
} from '../db/schema-commerce.js';
import type { TitleTable } from '../db/schema.js';

/** The demo monthly service: every title sold as MONTHLY is in it (README "Demo vouchers"). */
export const DEMO_SERVICE_ID = 'SVC-MONTHLY';

export const monthlyServices: Insertable<MonthlyServiceTable>[] = [
  { service_id: DEMO_SERVICE_ID, name: '星河暢看月租', price: 199, period_days: 30 },
];

export function serviceTitles(titles: readonly Insertable<TitleTable>[]) {
  return titles
    .filter((t) => t.sell_type === 'MONTHLY')
    .map((t): Insertable<ServiceTitleTable> => ({
      service_id: DEMO_SERVICE_ID,
      content_id: t.content_id,
    }));
}

/** 2035-12-31 23:59:59 Taipei: fixed, so a re-seed never moves a demo voucher's end. */
const VALID_UNTIL = 2_082_729_599;
/** 2025-06-30 23:59:59 Taipei: already past, so this serial is waived. */
const EXPIRED_AT = 1_751_299_199;

const voucher = (
  serial: string,
  fields: Partial<Insertable<VoucherTable>> & Pick<Insertable<VoucherTable>, 'kind'>,
): Insertable<VoucherTable> => ({
  serial,
  content_id: null,
  service_id: null,
  amount: null,
  credit_days: null,
  valid_until: VALID_UNTIL,
  redeemed_by: null,
  redeemed_at: null,
  ...fields,
});

const three = (prefix: string) => ['1', '2', '3'].map((n) => `${prefix}000${n}`);

/**
 * Demo serials (README): three of each kind, since each redeems once; a title voucher with a
 * choice of three rental titles; one expired serial. Dashes and spaces typed in a serial are
 * ignored, so `DEMO-TITLE-0001` works too.
 */
export const demoVouchers: Insertable<VoucherTable>[] = [
  ...three('DEMOTITLE').map((s) => voucher(s, { kind: 'title', content_id: 'M0003' })),
  ...three('DEMOCHOICE').map((s) => voucher(s, { kind: 'title' })),
  ...three('DEMOMONTH').map((s) => voucher(s, { kind: 'service', service_id: DEMO_SERVICE_ID })),
  ...three('DEMOSTORE').map((s) => voucher(s, { kind: 'stored_value', amount: 500 })),
  ...three('DEMOCREDIT').map((s) =>
    voucher(s, { kind: 'viewing_credit', amount: 300, credit_days: 30 }),
  ),
  voucher('DEMOEXPIRED0001', { kind: 'stored_value', amount: 100, valid_until: EXPIRED_AT }),
];

/** The titles a DEMOCHOICE serial lets the holder pick from (all sold for rent). */
export const DEMO_CHOICE_TITLES = ['M0013', 'M0018', 'M0023'];

export const demoVoucherChoices: Insertable<VoucherChoiceTable>[] = three('DEMOCHOICE').flatMap(
  (serial) => DEMO_CHOICE_TITLES.map((content_id) => ({ serial, content_id })),
);
