import type { Benchmark } from '../lib/types.js';
import { browsePaging } from './browse-paging.js';
import { catalogueList } from './catalogue-list.js';
import { catchupSeek, startOver } from './catchup.js';
import { channelChange } from './channel-change.js';
import { consoleTitles } from './console-titles.js';
import { drawBurst } from './draw-burst.js';
import { firstFrame } from './first-frame.js';
import { gatewayList } from './gateway-list.js';
import { homePage } from './home-page.js';
import { ingestBench } from './ingest.js';
import { lighthouseBench } from './lighthouse.js';
import { listCalls } from './list-calls.js';
import { livePlaylist } from './live-playlist.js';
import { liveSegment } from './live-segment.js';
import { mediaSegment } from './media-segment.js';
import { playRight } from './play-right.js';
import { resumeHeartbeat } from './resume-heartbeat.js';
import { search } from './search.js';

/** Every benchmark, in the order `npm run bench` runs them. Add new ones here. */
export const benchmarks: Benchmark[] = [
  catalogueList,
  gatewayList,
  mediaSegment,
  resumeHeartbeat,
  playRight,
  listCalls,
  search,
  browsePaging,
  consoleTitles,
  homePage,
  firstFrame,
  livePlaylist,
  liveSegment,
  drawBurst,
  channelChange,
  startOver,
  catchupSeek,
  lighthouseBench,
  ingestBench,
];
