import { useQuery } from '@tanstack/react-query';
import {
  buildPaymentUrlReplySchema,
  findOrderReplySchema,
  purchaseOptionsReplySchema,
  siteCalls,
  type BuildPaymentUrlBody,
  type LoginInfo,
} from '@site/contract';
import { getJson, postJson } from './client';
import { memberKey, retryTransient } from './session';

export type PurchaseOptionsData = ReturnType<typeof purchaseOptionsReplySchema.parse>['data'];
export type Offer = PurchaseOptionsData['offers'][number];
export type OrderData = ReturnType<typeof findOrderReplySchema.parse>['data']['order'];
export type PaymentUrlData = ReturnType<typeof buildPaymentUrlReplySchema.parse>['data'];

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
      getJson(siteCalls.findPurchaseOptions, { ...query }, schemas?.options, signal),
    enabled: enabled && info !== undefined && Boolean(query.contentId || query.serviceId),
    retry: retryTransient,
    staleTime: 0,
  });
}

/** POST ajaxBuildPaymentURLData.do: no price travels; the server prices the order. */
export function buildPaymentUrl(body: BuildPaymentUrlBody): Promise<PaymentUrlData> {
  return postJson(siteCalls.buildPaymentURLData, body, schemas?.payment);
}

/**
 * ajaxFindOrderData.do for the result page. An order just back from the provider may still be
 * waiting for the provider's callback: ask again a few times, then leave it to the person.
 */
export function useOrder(info: Info, orderId: string) {
  return useQuery({
    queryKey: [...purchasesKey(info), 'order', orderId],
    queryFn: ({ signal }) => getJson(siteCalls.findOrderData, { orderId }, schemas?.order, signal),
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
