/** The ads module's face to the rest of the server (docs/adr/0022). */
export { adTagFor, liveAdFields, newVastSeqId } from './ad-server.js';
export { registerAdRoutes } from './routes.js';
export { TrackingTokens } from './tracking-token.js';
export { adEventCounts } from './queries.js';
