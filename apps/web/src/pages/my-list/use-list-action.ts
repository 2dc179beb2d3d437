import { useQueryClient } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import type { LoginInfo } from '@site/contract';
import { ApiError } from '../../api/client';
import { refreshLists } from '../../api/lists';
import { t } from '../../i18n/zh-TW';

export interface ListActionState {
  message: string;
  error: boolean;
  /** contentId of the entry whose action is running. */
  pending: string;
}

/**
 * Runs an action on one entry (remove, delete a record), then says what happened in the list's
 * live region, refetches the lists and their counts, and puts focus on the list's heading (the
 * entry and its button are gone).
 */
export function useListAction(info: LoginInfo, heading: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ListActionState>({ message: '', error: false, pending: '' });
  const run = async (contentId: string, work: () => Promise<unknown>, success: string) => {
    setState({ message: '', error: false, pending: contentId });
    try {
      await work();
      await refreshLists(queryClient, info);
      setState({ message: success, error: false, pending: '' });
      heading.current?.focus();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : t.common.actionFailed;
      setState({ message, error: true, pending: '' });
    }
  };
  return { ...state, run };
}
