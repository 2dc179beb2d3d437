import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@site/contract';
import { call } from '../../api/client';
import { queryKeys } from '../../api/hooks';
import { answeredPlayRight, warmPlayRight } from '../../features/player/prewarm';

/**
 * ajaxFindVideoPlayRight.do as api/hooks' usePlayRight asks it (afresh for each visit but one
 * within seconds of the last, a refusal not retried), except that a reply already asked for at the click on the play link is taken
 * instead of asking again (features/player/prewarm.ts, for a few seconds after the click): as the
 * first data when it has come, so the first render shows the player, else as the pending answer.
 */
export function usePlayRight(contentId: string) {
  return useQuery({
    queryKey: queryKeys.playRight(contentId),
    queryFn: ({ signal }) =>
      warmPlayRight(contentId) ?? call(callRoutes.findVideoPlayRight, { contentId }, { signal }),
    initialData: () => answeredPlayRight(contentId),
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
