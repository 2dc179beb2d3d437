import { useQuery } from '@tanstack/react-query';
import {
  buildPaymentUrlReplySchema,
  callRoutes,
  findOrderReplySchema,
  purchaseOptionsReplySchema,
  type CallInput,
  type CallReply,
  type LoginInfo,
} from '@site/contract';
import { call } from './client';
import { memberKey, retryTransient } from './session';

export type PurchaseOptionsData = CallReply<typeof callRoutes.findPurchaseOptions>;
export type Offer = PurchaseOptionsData['offers'][number];
export type OrderData = CallReply<typeof callRoutes.findOrderData>['order'];
export type PaymentUrlData = CallReply<typeof callRoutes.buildPaymentURLData>;

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? {
      options: purchaseOptionsReplySchema.shape.data,
      order: findOrderReplySchema.shape.data,
      payment: buildPaymentUrlReplySchema.shape.data,
    }
  : undefined;

type Info = LoginInfo | undefined;

/** Everything about this member's purchases; refetched as a whole after an order. */
export function purchasesKey(info: Info) {
  return memberKey(info ?? { accountID: '' }, 'purchases', info?.uId ?? '');
}

export interface OptionsQuery {
  contentId?: string | undefined;
  serviceId?: string | undefined;
}

/**
 * ajaxFindPurchaseOptions.do: the offers and prices of a title or a service (the server's), the
 * right the member already holds and their stored-value balance. Asking starts no rental.
 */
export function usePurchaseOptions(info: Info, query: OptionsQuery, enabled = true) {
  return useQuery({
    queryKey: [...purchasesKey(info), 'options', query.contentId ?? '', query.serviceId ?? ''],
    queryFn: ({ signal }) =>
      call(callRoutes.findPurchaseOptions, { ...query }, { check: schemas?.options, signal }),
    enabled: enabled && info !== undefined && Boolean(query.contentId || query.serviceId),
    retry: retryTransient,
    staleTime: 0,
  });
}

/** POST ajaxBuildPaymentURLData.do: no price travels; the server prices the order. */
export function buildPaymentUrl(
  body: CallInput<typeof callRoutes.buildPaymentURLData>,
): Promise<PaymentUrlData> {
  return call(callRoutes.buildPaymentURLData, body, { check: schemas?.payment });
}

/**
 * ajaxFindOrderData.do for the result page. An order just back from the provider may still be
 * waiting for the provider's callback: ask again a few times, then leave it to the person.
 */
export function useOrder(info: Info, orderId: string) {
  return useQuery({
    queryKey: [...purchasesKey(info), 'order', orderId],
    queryFn: ({ signal }) =>
      call(callRoutes.findOrderData, { orderId }, { check: schemas?.order, signal }),
    select: (data) => data.order,
    enabled: info?.isLogin === 'Y' && orderId !== '',
    retry: retryTransient,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.order.state === 'created' && query.state.dataUpdateCount < 10
        ? 1500
        : false,
  });
}
