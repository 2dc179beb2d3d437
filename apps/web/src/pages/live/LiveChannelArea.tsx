import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import type { LiveChannelItem } from '@site/contract';
import { prefetchProgramPlay } from '../../api/catchup';
import { useMinutesWording } from '../../api/live';
import { useLoginInfo } from '../../api/session';
import { paths } from '../../routing/paths';
import { appLinkFor } from '../../features/app-link/app-link';
import { Dialog } from '../../features/dialog/Dialog';
import { firstPictureFor } from '../../app/first-picture';
import { FullscreenHost } from '../../features/player/fullscreen-host';
import { warmProgrammeStream } from '../../features/player/warm-live-stream';
import { RedEnvelopeBox } from '../../features/red-envelope/RedEnvelopeBox';
import { t } from '../../i18n/zh-TW';
import { programmeShareLink } from './catchup';
import { ChannelStageBody, Still } from './ChannelStageBody';
import { ExternalVideoDialog } from './ExternalVideoDialog';
import { parseMinutesWording, type ChannelView } from './live-rules';
import { NowNextOverlay } from './NowNextOverlay';
import { useSiteTopHeight } from './player-in-view';
import { ProgrammeOverlay } from './ProgrammeOverlay';
import { ProgrammePlayback } from './ProgrammePlayback';
import { shareLinkOf } from './share';
import { SharePanel } from './SharePanel';
import { SponsorLogo } from './SponsorLogo';
import { SubscribeDialog } from './SubscribeDialog';
import { useChannelKeys } from './use-channel-keys';
import { useLiveChannel } from './use-live-channel';
import { useProgrammePlaying } from './use-programme-playing';
import { WatchLimit } from './watch-limit';
import './LiveChannelArea.css';

export interface LiveChannelAreaProps {
  channelId: string;
  /** The strip's channels: names before the reply comes, and the order of the channel keys. */
  channels: LiveChannelItem[];
  /** SPEC §3 deviceType (ajaxGetLoginInfo.do); undefined until known. */
  deviceType: string | undefined;
  /** No uid: the anonymous watching limit applies (SPEC §6). */
  anonymous: boolean;
  /** The simple-player page plays simple-play channels itself. */
  simplePage?: boolean;
  /**
   * The page does not know its channel yet (channelId is ''): the stage keeps a still's 16:9 box
   * meanwhile, so what is under it does not move down when the channel comes (layout shift).
   */
  waiting?: boolean;
  onSwitch: (channelId: string) => void;
  /**
   * The video area's stage, for the page to start a channel there at a click (start-channel.ts):
   * it stays on the page from channel to channel.
   */
  stageRef?: RefObject<HTMLDivElement | null>;
}

type Opened = 'programmes' | 'external' | 'subscribe' | 'limit' | null;

/**
 * SPEC §2 part 1 and §4: the video area of the live page — the channel's name, 節目表, 分享,
 * the sponsor logo and the red-envelope box, and in the middle whatever the channel's reply
 * means here (live-rules.ts): the player, a pop-up, the app link, the simple player's way in,
 * the subscription modal, or an alert.
 */
export function LiveChannelArea(props: LiveChannelAreaProps) {
  const { channelId, channels, deviceType, anonymous, simplePage = false, onSwitch } = props;
  const ownStageRef = useRef<HTMLDivElement>(null);
  const stageRef = props.stageRef ?? ownStageRef;
  const location = useLocation();
  useSiteTopHeight();
  const isPc = deviceType === undefined ? undefined : appLinkFor('x', deviceType) === null;
  const context = useMemo(
    () => (isPc === undefined ? undefined : { isPc, simplePage }),
    [isPc, simplePage],
  );
  const { state, dispatch, retry } = useLiveChannel(channelId, context);
  const login = useLoginInfo().data;
  const kid = login?.kidMode === '1';
  const data = state.phase === 'ready' ? state.data : undefined;
  const view: ChannelView | undefined = state.phase === 'ready' ? state.view : undefined;
  const listed = channels.find((channel) => channel.channelId === channelId);
  const name = data?.channelBean.channelName || listed?.channelName || '';
  // Before the replies: the picture the first HTML preloaded for this address, if it is one.
  const picture =
    data?.channelBean.channelPic || listed?.channelPic || firstPictureFor(location.pathname);
  // The pop-up of an external channel and the subscription modal open with the channel; the
  // other dialogs when asked for. A closed automatic one stays closed for that reply.
  const [asked, setAsked] = useState<Opened>(null);
  const [dismissed, setDismissed] = useState<ChannelView | undefined>();
  const automatic: Opened =
    !view || view === dismissed
      ? null
      : view.kind === 'youtube' || view.kind === 'twitch'
        ? 'external'
        : view.kind === 'subscribe'
          ? 'subscribe'
          : null;
  const opened = asked ?? automatic;
  const setOpened = (which: Opened) => setAsked(which);
  const close = () => {
    setAsked(null);
    setDismissed(view);
  };

  // The anonymous watching limit, over the whole visit (Live_Minutes_Wording × 60 s).
  const wording = useMinutesWording();
  const rule = parseMinutesWording(wording.data);
  const [limited, setLimited] = useState(false);
  const limitSeconds = anonymous ? rule?.seconds : undefined;
  const limit = useMemo(
    () =>
      limitSeconds
        ? new WatchLimit(limitSeconds, () => {
            setLimited(true);
            setAsked('limit');
          })
        : undefined,
    [limitSeconds],
  );
  useEffect(() => () => limit?.dispose(), [limit]);

  // Bookmark code 480: the alert (once, on the page), then a reload a second later.
  useEffect(() => {
    if (state.phase !== 'ended') return;
    const timer = window.setTimeout(() => window.location.reload(), 1_000);
    return () => window.clearTimeout(timer);
  }, [state.phase]);

  const ids = channels.map((channel) => channel.channelId);
  const keys = useChannelKeys(stageRef, ids, channelId, onSwitch);
  const number = ids.indexOf(channelId) + 1;

  const programme = useProgrammePlaying({
    channelId,
    phase: state.phase,
    viewKind: view?.kind,
    stageRef,
    retry,
  });
  const { programStart, catchupList, onAir, playing } = programme;

  const body =
    programme.plays && limited ? (
      <Still picture={picture} />
    ) : programme.plays && programStart !== null ? (
      <ProgrammePlayback
        key={`${channelId} ${programStart}`}
        channelId={channelId}
        channelName={name}
        programStart={programStart}
        member={login?.isLogin === 'Y'}
        limit={limit}
        onLoaded={programme.onProgrammeLoaded}
        onBackToLive={programme.backToLive}
        onEnded={programme.programmeEnded}
      />
    ) : (
      <ChannelStageBody
        state={state}
        dispatch={dispatch}
        retry={retry}
        waiting={props.waiting ?? false}
        name={name}
        picture={picture}
        deviceType={deviceType}
        limit={limit}
        limited={limited}
        onOpenExternal={() => setOpened('external')}
        onOpenSubscribe={() => setOpened('subscribe')}
      />
    );

  const loginHref = paths.login(location.pathname + location.search);
  return (
    <section className="live-area" aria-label={t.live.videoArea(name || t.live.pageHeading)}>
      <div className="live-area__bar">
        <div className="live-area__title">
          <h2 className="live-area__name">{name || '\u00a0'}</h2>
          {playing ? (
            <p className="live-area__programme">
              {playing.mode === 'startover'
                ? t.catchup.playingStartOver(playing.program.programName)
                : t.catchup.playingCatchUp(playing.program.programName)}
            </p>
          ) : null}
        </div>
        <div className="live-area__actions">
          {programme.offers && onAir?.catchup === 'Y' ? (
            <button
              type="button"
              className="button"
              aria-label={t.catchup.startOverName(onAir.programName)}
              onPointerEnter={() =>
                prefetchProgramPlay(channelId, onAir.programStart, warmProgrammeStream)
              }
              onFocus={() =>
                prefetchProgramPlay(channelId, onAir.programStart, warmProgrammeStream)
              }
              onClick={() => programme.startOver(onAir.programStart)}
            >
              {t.catchup.startOver}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={!data}
            onClick={() => setOpened('programmes')}
          >
            {t.live.programmeList}
          </button>
          {programme.plays && programStart ? (
            <SharePanel
              link={programmeShareLink(window.location.origin, channelId, programStart)}
              label={t.catchup.shareProgramme}
            />
          ) : (
            <SharePanel link={shareLinkOf(window.location.origin, channelId)} />
          )}
        </div>
      </div>
      <div className="live-area__stage" ref={stageRef} data-phase={state.phase} tabIndex={-1}>
        {/* The area, not the player's frame, goes fullscreen: it stays from channel to channel. */}
        <FullscreenHost value={stageRef}>{body}</FullscreenHost>
        {data ? <SponsorLogo data={data} /> : null}
        {/* No prize draw for a kid (docs/adr/0028); the server lists no activity to one either. */}
        {data && !kid ? (
          <div className="live-area__envelope">
            <RedEnvelopeBox
              channelId={data.channelBean.channelId}
              drawActivity={data.drawActivity}
            />
          </div>
        ) : null}
        {limited && view?.kind === 'play' ? (
          <div className="live-area__limit" role="status">
            <p>{rule?.message}</p>
            <Link className="button button--primary" to={loginHref}>
              {t.live.login}
            </Link>
          </div>
        ) : null}
        {keys.typed || keys.flash ? (
          <NowNextOverlay
            number={number}
            name={name}
            typed={keys.typed}
            at={keys.flash}
            schedule={data?.programSchedule}
          />
        ) : null}
      </div>
      {isPc ? <p className="live-area__keys">{t.live.keysHint}</p> : null}

      {opened === 'programmes' && data ? (
        <ProgrammeOverlay
          channelName={name}
          schedule={data.programSchedule}
          catchup={catchupList}
          onPlay={
            programme.offers || programme.plays
              ? (start) => programme.playProgramme(start)
              : undefined
          }
          onAhead={(start) => prefetchProgramPlay(channelId, start, warmProgrammeStream)}
          onClose={close}
        />
      ) : null}
      {opened === 'external' && (view?.kind === 'youtube' || view?.kind === 'twitch') ? (
        <ExternalVideoDialog
          channelId={channelId}
          channelName={name}
          source={view}
          onClose={close}
        />
      ) : null}
      {opened === 'subscribe' && view?.kind === 'subscribe' ? (
        <SubscribeDialog channelName={name} wordings={view.wordings} onClose={close} />
      ) : null}
      {opened === 'limit' ? (
        <Dialog title={t.live.limitTitle} description={<p>{rule?.message}</p>} onClose={close}>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={close}>
              {t.live.close}
            </button>
            <Link className="button button--primary" to={loginHref} data-autofocus>
              {t.live.login}
            </Link>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
