import { useEffect, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import type { ProgramPlayData } from '@site/contract';
import { answeredProgramPlay, useCatchupProgramList } from '../../api/catchup';
import { firstFrameOrSoon, warmStream } from '../../features/player/prewarm';
import { playerStageIn } from '../../features/player/video-element';
import { placeOver } from '../../features/player/warm-place';
import {
  catchupRefreshIn,
  followingProgramme,
  onAirProgramme,
  programParam,
  programmeMode,
  programmeStartAt,
} from './catchup';
import { decodeVideoUrl, type ChannelView } from './live-rules';
import type { LiveChannelState } from './use-live-channel';

/**
 * Start over and catch-up on the live page (issue 24): the programme playing is the address's
 * `program`, so a share link opens it and the browser's back button returns to live. Returns the
 * channel's catch-up list, whether programmes are offered or play here, the one playing (once its
 * player has its reply), and the moves between live and a programme.
 */
export function useProgrammePlaying(options: {
  channelId: string;
  phase: LiveChannelState['phase'];
  viewKind: ChannelView['kind'] | undefined;
  stageRef: RefObject<HTMLDivElement | null>;
  /** Switch the live channel again (a fresh live edge, signed URL and stream lease). */
  retry: () => void;
}) {
  const { channelId, stageRef, retry } = options;
  const [search, setSearch] = useSearchParams();
  const programStart = programParam(search.get('program'));
  const catchupQuery = useCatchupProgramList(channelId, (reply) =>
    catchupRefreshIn(reply?.programList, Date.now()),
  );
  const catchupList =
    catchupQuery.data?.channelId === channelId ? catchupQuery.data.programList : [];
  const mode = programmeMode(programStart, channelId, options.phase, options.viewKind);
  const [playingData, setPlayingData] = useState<ProgramPlayData | undefined>();
  const playing =
    mode.plays && playingData?.program.programStart === programStart ? playingData : undefined;
  const refocusRef = useRef(false);

  const playProgramme = (start: string, replace = false) => {
    const next = new URLSearchParams(search);
    next.set('program', start);
    setSearch(next, { replace });
  };
  /**
   * 從頭看 at a click: when its reply came while the pointer rested on the button (and has no
   * pre-roll), the programme's stream starts at once over the live player, from its start, and
   * the address follows at its first frame, as a channel change does (start-channel.ts); the
   * programme's player then takes that video.
   */
  const startOver = (start: string) => {
    const reply = answeredProgramPlay(channelId, start);
    const src = reply && reply.preRoll !== 'Y' ? decodeVideoUrl(reply.videoUrl) : '';
    const container = stageRef.current;
    if (!reply || !src || !container) {
      playProgramme(start);
      return;
    }
    const over = playerStageIn(container) ?? container;
    const from = programmeStartAt(reply.resumeSeconds, reply.program);
    void firstFrameOrSoon(warmStream(src, placeOver(container, over), from)).then(() =>
      playProgramme(start),
    );
  };
  const backToLive = () => {
    // The control pressed goes with the programme's player: the stage takes the focus.
    refocusRef.current = stageRef.current?.contains(document.activeElement) ?? false;
    const next = new URLSearchParams(search);
    next.delete('program');
    setSearch(next);
    retry();
  };
  const programmeEnded = () => {
    const following = programStart ? followingProgramme(catchupList, programStart) : undefined;
    if (following) playProgramme(following.programStart, true);
    else backToLive();
  };
  useEffect(() => {
    if (programStart !== null || !refocusRef.current) return;
    refocusRef.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) stageRef.current?.focus({ preventScroll: true });
  }, [programStart, stageRef]);

  return {
    programStart,
    catchupList,
    onAir: onAirProgramme(catchupList),
    /** The channel offers its programmes (從頭看, the guide's 回看) while live plays. */
    offers: mode.offers,
    /** A programme plays on the stage instead of live. */
    plays: mode.plays,
    playing,
    onProgrammeLoaded: setPlayingData,
    playProgramme,
    startOver,
    backToLive,
    programmeEnded,
  };
}
