import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { callRoutes } from '@site/contract';
import { call } from '../../api/client';
import { queryKeys } from '../../api/hooks';
import { answeredPlayRight, warmPlayRight } from '../../features/player/prewarm';

/**
 * ajaxFindVideoPlayRight.do as api/hooks' usePlayRight asks it (afresh for each visit but one
 * within seconds of the last, a refusal not retried), except that a reply already asked for at the click on the play link is taken
 * instead of asking again (features/player/prewarm.ts, for a few seconds after the click): as the
 * first data when it has come, so the first render shows the player, else as the pending answer.
 * Only the first ask takes it: asking again (重新播放, a retry after 「停止該裝置播放」) asks anew.
 */
export function usePlayRight(contentId: string) {
  const askedRef = useRef(false);
  return useQuery({
    queryKey: queryKeys.playRight(contentId),
    queryFn: ({ signal }) => {
      const warmed = askedRef.current ? undefined : warmPlayRight(contentId);
      askedRef.current = true;
      return warmed ?? call(callRoutes.findVideoPlayRight, { contentId }, { signal });
    },
    initialData: () => {
      const answered = answeredPlayRight(contentId);
      if (answered) askedRef.current = true;
      return answered;
    },
    staleTime: 0,
    // Kept a moment after the page lets go of it: a render React throws away must not lose
    // the reply (and ask again, for a new signed URL that would restart the player).
    gcTime: 5_000,
    retry: false,
    // A reply taken as the first data was asked for at the click: not again on mounting.
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  });
}
