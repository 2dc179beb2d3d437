/** Tables of the commerce module (migrations 0012 and 0018, ADR 0019, 0021). */
export interface CommerceTables {
  monthly_service: MonthlyServiceTable;
  service_title: ServiceTitleTable;
  subscription: SubscriptionTable;
  subscription_period: SubscriptionPeriodTable;
  purchase_order: PurchaseOrderTable;
  payment_callback: PaymentCallbackTable;
  voucher: VoucherTable;
  voucher_choice: VoucherChoiceTable;
  voucher_batch: VoucherBatchTable;
  voucher_batch_choice: VoucherBatchChoiceTable;
  wallet_entry: WalletEntryTable;
  wallet: WalletTable;
  entitlement_lock: EntitlementLockTable;
  payment_refund: PaymentRefundTable;
  title_offer: TitleOfferTable;
}

/** A title's price for one way of selling it (migration 0030; issue 22 item 5). */
export interface TitleOfferTable {
  content_id: string;
  kind: 'rent' | 'buy';
  price: number;
}

export interface MonthlyServiceTable {
  service_id: string;
  name: string;
  /** NT$ per period. */
  price: number;
  period_days: number;
  /** Limits a subscriber's account gets instead of the defaults (migration 0029); null: the default. */
  max_devices: number | null;
  max_streams: number | null;
}

export interface ServiceTitleTable {
  service_id: string;
  content_id: string;
}

/** An account's paid period of a service: titles in it play until paid_until. */
export interface SubscriptionTable {
  account_id: string;
  service_id: string;
  paid_until: number;
  updated_at: number;
}

/** Each extension of a subscription, once per source (an order or a voucher). */
export interface SubscriptionPeriodTable {
  source: string;
  account_id: string;
  service_id: string;
  starts_at: number;
  ends_at: number;
}

export type OrderKind = 'rent' | 'buy' | 'subscribe';
export type OrderState = 'created' | 'paid' | 'failed' | 'cancelled' | 'refunded';
export type PayMethod = 'card' | 'wallet' | 'credit';

export interface PurchaseOrderTable {
  order_id: string;
  account_id: string;
  kind: OrderKind;
  content_id: string | null;
  service_id: string | null;
  /** NT$, from the server's catalogue at order time. */
  amount: number;
  pay_method: PayMethod;
  state: OrderState;
  provider_ref: string | null;
  refund_reason: RefundReason | null;
  created_at: number;
  updated_at: number;
}

/** 'already_entitled': a payment that would have given a right already held; 'operator': care. */
export type RefundReason = 'already_entitled' | 'operator';

/** Locked (upserted) first by every grant of a title right, one account at a time. */
export interface EntitlementLockTable {
  account_id: string;
  locked_at: number;
}

/** A card refund to be sent to the provider (requested), and its answer (done). */
export interface PaymentRefundTable {
  order_id: string;
  provider: string;
  amount: number;
  state: 'requested' | 'done';
  provider_refund_id: string | null;
  attempts: number;
  last_error: string | null;
  requested_at: number;
  done_at: number | null;
}

export interface PaymentCallbackTable {
  provider: string;
  event_id: string;
  order_id: string;
  outcome: string;
  received_at: number;
}

export type VoucherKind = 'title' | 'service' | 'stored_value' | 'viewing_credit';

export interface VoucherTable {
  serial: string;
  kind: VoucherKind;
  content_id: string | null;
  service_id: string | null;
  amount: number | null;
  credit_days: number | null;
  valid_until: number;
  redeemed_by: string | null;
  redeemed_at: number | null;
  /** The batch that made it (migration 0033); null: an older serial. */
  batch_id: string | null;
  /** When it was voided (alone or with its batch); a redeemed serial is never voided. */
  voided_at: number | null;
}

export interface VoucherChoiceTable {
  serial: string;
  content_id: string;
}

export type VoucherBatchKind =
  'title' | 'title_choice' | 'service' | 'stored_value' | 'viewing_credit';

/** A batch of serials made in the console (migration 0033, ADR 0045). */
export interface VoucherBatchTable {
  batch_id: string;
  name: string;
  kind: VoucherBatchKind;
  content_id: string | null;
  service_id: string | null;
  amount: number | null;
  credit_days: number | null;
  valid_until: number;
  channel: string;
  quantity: number;
  created_at: number;
  created_by: string;
  export_count: number;
  first_exported_at: number | null;
  voided_at: number | null;
}

export interface VoucherBatchChoiceTable {
  batch_id: string;
  content_id: string;
}

export type Purse = 'stored' | 'credit';

export interface WalletEntryTable {
  entry_id: string;
  account_id: string;
  purse: Purse;
  /** NT$; positive adds, negative spends. */
  amount: number;
  /** 'adjustment': customer care's credit or debit, source `care:{actionId}` (docs/adr/0053). */
  reason: 'voucher' | 'order' | 'refund' | 'expiry' | 'adjustment';
  source: string;
  expires_at: number | null;
  lot_id: string | null;
  created_at: number;
}

export interface WalletTable {
  account_id: string;
  purse: Purse;
  balance: number;
}
