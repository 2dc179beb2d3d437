import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/index.js';
import formbody from '@fastify/formbody';
import { registerCompression } from './http/compression.js';
import { csrfPlugin } from './modules/accounts/csrf.js';
import { registerApiDocs } from './http/docs.js';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { clientErrorHandler } from './http/framework-errors.js';
import { loggerOptions } from './http/logging.js';
import { registerRequestGuards } from './http/request-guards.js';
import { registerHealthRoutes } from './http/health.js';
import {
  confirmSignUpHead,
  forgotPasswordHead,
  myListHead,
  resetPasswordHead,
} from './http/page-heads.js';
import { pageShell } from './http/page-shell.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sessionPlugin } from './modules/accounts/session-plugin.js';
import { registerGatewayAccountRoutes } from './modules/accounts/gateway-routes.js';
import { registerPartnerRoutes } from './modules/accounts/partner-routes.js';
import { demoPartnerDirectory, type PartnerDirectory } from './modules/accounts/partners.js';
import { registerAccountRoutes } from './modules/accounts/routes.js';
import { registerAccountCentreRoutes } from './modules/accounts/account-centre-routes.js';
import { registerPasswordResetRoutes } from './modules/accounts/password-reset-routes.js';
import { mailerFor, type Mailer } from './modules/mail/mailer.js';
import { smsSenderFor, type SmsSender } from './modules/sms/sms-sender.js';
import { registerSubAccountRoutes } from './modules/accounts/sub-account-routes.js';
import { registerWebAssets } from './http/web-assets.js';
import { registerConsoleApp } from './http/console-app.js';
import { browseHead, detailsHead, homeHead } from './modules/catalogue/head.js';
import { playHead } from './modules/catalogue/play-head.js';
import { registerCatalogueGatewayRoutes } from './modules/catalogue/gateway-routes.js';
import { registerCataloguePageRoutes } from './modules/catalogue/page-routes.js';
import { registerCatalogueRoutes } from './modules/catalogue/routes.js';
import { registerSiteContentRoutes } from './modules/site-content/routes.js';
import { WordingStore } from './modules/site-content/wording.js';
import { registerWordingConsoleCalls } from './modules/site-content/wording-calls.js';
import { liveChannelHead } from './modules/live/head.js';
import { registerLive } from './modules/live/index.js';
import { parseGatewayClients, registerGatewayClientAuth } from './modules/gateway/client-auth.js';
import { isMember } from './modules/lists/memberships.js';
import { registerListRoutes } from './modules/lists/routes.js';
import { registerMediaRoutes } from './modules/media/routes.js';
import { registerStreamRoutes } from './modules/media/stream-routes.js';
import { StreamSigner } from './modules/media/stream-urls.js';
import { ContentKeyStore } from './modules/media/content-keys.js';
import { requirePlayRight } from './modules/playback/play-right.js';
import { registerPlaybackRoutes } from './modules/playback/routes.js';
import {
  createDevices,
  registerDeviceRoutes,
  registerGatewayDeviceRoutes,
} from './modules/devices/index.js';
import { registerAdRoutes, TrackingTokens } from './modules/ads/index.js';
import { registerAdConsoleCalls } from './modules/ads/campaign-calls.js';
import { registerCreativeUploadRoutes } from './modules/ads/creative-upload-routes.js';
import { registerOrderRoutes } from './modules/commerce/order-routes.js';
import { registerCommerceAccountCentreRoutes } from './modules/commerce/account-centre-routes.js';
import { registerCommerceConsoleCalls } from './modules/commerce/console-calls.js';
import { registerVoucherBatchConsoleCalls } from './modules/commerce/voucher-batch-calls.js';
import { registerCareMoneyCalls } from './modules/commerce/care-calls.js';
import { registerCareAccessCalls } from './modules/accounts/care-calls.js';
import { registerScheduleConsoleCalls } from './modules/live/console-schedule-calls.js';
import { registerVoucherRoutes } from './modules/commerce/voucher-routes.js';
import {
  registerEngagementConsoleCalls,
  registerDrawConsoleCalls,
  registerEngagementRoutes,
} from './modules/engagement/index.js';
import { registerSearchRoutes } from './modules/search/routes.js';
import { registerAppLogRetention } from './modules/telemetry/retention.js';
import { registerTelemetryRoutes } from './modules/telemetry/routes.js';
import { registerCareConsoleCalls } from './modules/care/console-calls.js';
import { registerQoeConsoleCalls } from './modules/qoe/console-calls.js';
import { registerQoeRetention } from './modules/qoe/retention.js';
import { consoleSessionPlugin } from './modules/staff/console-session.js';
import { registerStaffConsoleRoutes } from './modules/staff/console-routes.js';
import { registerAuditConsoleRoutes } from './modules/staff/audit-routes.js';
import { registerIngestConsoleRoutes } from './modules/ingest/console-routes.js';
import { registerUploadRoutes } from './modules/ingest/upload-routes.js';
import { ingestSettings } from './modules/ingest/settings.js';
import { registerCatalogueConsoleCalls } from './modules/catalogue/console-calls.js';
import { registerReportConsoleCalls } from './modules/reports/calls.js';
import { registerReportSettling } from './modules/reports/settling.js';
import { reindexPeople, reindexTitles } from './modules/search/reindex.js';
import { DEFAULT_SHARE_IMAGE, IMAGE_SIZES, mediaUrl } from './modules/media/urls.js';
import { systemClock } from './time.js';
import { connectRedis } from './lib/redis.js';
import { RateLimiters } from './lib/rate-limiter.js';
import { CacheBus } from './lib/cache-bus.js';
import { registerMetrics } from './http/metrics.js';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Unix seconds; tests pass a fixed clock. */
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  /** The partners' account check (ajaxBindLoginData); the demo directory when not given. */
  partners?: PartnerDirectory;
  /** Outgoing mail; by default the one the config names (SMTP_URL, else the outbox). */
  mailer?: Mailer;
  /** Outgoing SMS; by default the one the config names (SMS_URL, else the outbox). */
  sms?: SmsSender;
  /** Called when an upload queues an ingest job (main wakes its in-process worker). */
  onIngestQueued?: () => void;
  /** Extra routes registered before the page shell (benchmarks add their ceiling routes here). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * Replies sent while the server shuts down close their keep-alive connection, so close() is not
 * left waiting on a client that would reuse it (in-flight requests still finish).
 */
function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** How long start-up waits for Redis before serving without it. */
const REDIS_START_WAIT_MS = 3000;

/**
 * A console write that succeeded may have changed what the site's caches keep (titles, offers,
 * categories, channels, schedules): every instance drops them (docs/adr/0056). Staff writes are
 * rare, so dropping every catalogue cache on each costs next to nothing and misses no change.
 * onSend: the write is committed, and this instance's caches are clear before the staff member's
 * next request can read them.
 */
function announceConsoleChanges(app: FastifyInstance, caches: CacheBus): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      request.url.startsWith('/console/api/')
    ) {
      caches.changed('catalogue');
    }
    done(null, payload);
  });
}

/** Builds the whole site on one Fastify instance, not yet listening (tests call this directly). */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger,
  extend,
  partners,
  mailer,
  sms,
  onIngestQueued,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.LOG_LEVEL),
    trustProxy: config.TRUSTED_PROXIES
      ? config.TRUSTED_PROXIES.split(',').map((s) => s.trim())
      : false,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors met before a route runs leave in the envelope (or the site's page) too: issue 15.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies are typed by the contract at compile time; serialising them through zod again would
  // cost every call for nothing, so they leave as plain JSON.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  registerErrorHandling(app);
  // Timed from the first hook, so the figures include the guards, sessions and CSRF checks.
  registerMetrics(app, { config, db: database.db, clock });
  registerRequestGuards(app);
  closeConnectionsWhenClosing(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerApiDocs(app, config.PUBLIC_URL);

  const { db } = database;
  // What instances share (docs/adr/0056): through Redis when configured, else this process.
  const redis = config.REDIS_URL
    ? connectRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, app.log)
    : undefined;
  if (redis) {
    // Limits are shared from the first request when Redis answers within a moment; if it does
    // not, the site starts anyway and shares once it connects (docs/adr/0056).
    app.addHook('onReady', async () => {
      if (!(await redis.connected(REDIS_START_WAIT_MS)))
        app.log.warn('redis not reachable at start; counting in this instance until it is');
    });
    app.addHook('onClose', () => redis.close());
  }
  const limiters = new RateLimiters(clock, redis);
  const caches = new CacheBus(redis, app.log);
  announceConsoleChanges(app, caches);
  const secureCookies = config.PUBLIC_URL.startsWith('https:');
  const policy = {
    idleSeconds: config.SESSION_IDLE_SECONDS,
    absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS,
  };
  await app.register(formbody);
  // CSRF tokens are derived from the stream signing secret (under a label of their own), which
  // every instance shares; http/csrf.ts.
  const csrfSecret = config.STREAM_SIGNING_SECRET;
  await app.register(sessionPlugin, { db, policy, clock, secureCookies, csrfSecret });
  await app.register(csrfPlugin, {
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    secureCookies,
    secret: csrfSecret,
  });

  // The console's own session and CSRF proof: its cookies are under /console only (ADR 0036).
  const staffPolicy = {
    idleSeconds: config.STAFF_SESSION_IDLE_SECONDS,
    absoluteSeconds: config.STAFF_SESSION_ABSOLUTE_SECONDS,
  };
  await app.register(consoleSessionPlugin, {
    db,
    policy: staffPolicy,
    clock,
    secureCookies,
    secret: csrfSecret,
    publicOrigin: new URL(config.PUBLIC_URL).origin,
  });
  registerStaffConsoleRoutes(app, { db, config, clock, policy: staffPolicy });
  registerAuditConsoleRoutes(app, db);
  const ingest = ingestSettings(config);
  registerIngestConsoleRoutes(app, { db, settings: ingest, clock });
  await registerUploadRoutes(app, {
    db,
    settings: ingest,
    uploadDir: config.INGEST_UPLOAD_DIR,
    maxUploadBytes: config.INGEST_MAX_UPLOAD_BYTES,
    clock,
    onQueued: onIngestQueued,
  });
  registerCatalogueConsoleCalls(app, {
    db,
    clock,
    mediaDir: config.MEDIA_DIR,
    reindex: reindexTitles,
    reindexPeople,
  });
  registerCommerceConsoleCalls(app, {
    store: { db, reindex: reindexTitles, reindexPeople },
    clock,
  });
  registerEngagementConsoleCalls(app, { db, clock });
  registerDrawConsoleCalls(app, { db, clock });
  registerVoucherBatchConsoleCalls(app, { db, clock });
  // Customer care's actions on a member (issue 26 item 2, docs/adr/0053).
  registerCareMoneyCalls(app, { db, clock, config });
  registerCareAccessCalls(app, { db, clock });
  registerScheduleConsoleCalls(app, { db, clock, config });
  registerAdConsoleCalls(app, { db, clock });
  registerQoeConsoleCalls(app, { db, clock, keepDays: config.QOE_KEEP_DAYS });
  registerQoeRetention(app, { db, clock, keepDays: config.QOE_KEEP_DAYS });
  registerReportConsoleCalls(app, { db, clock });
  registerReportSettling(app, { db, clock });
  await registerCreativeUploadRoutes(app, {
    db,
    settings: ingest,
    uploadDir: config.INGEST_UPLOAD_DIR,
    maxUploadBytes: config.INGEST_MAX_UPLOAD_BYTES,
    clock,
    onQueued: onIngestQueued,
  });
  registerWordingConsoleCalls(app, { db, clock });

  registerGatewayClientAuth(app, parseGatewayClients(config.GATEWAY_CLIENTS), clock);
  registerHealthRoutes(app, database);
  const devices = createDevices(
    db,
    { maxDevices: config.MAX_DEVICES, maxStreams: config.MAX_STREAMS },
    config.STREAM_RENEW_EVERY_SECONDS,
  );
  const siteMailer =
    mailer ??
    mailerFor({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: config.MAIL_OUTBOX_DIR,
    });
  const signUp = {
    db,
    mailer: siteMailer,
    sms: sms ?? smsSenderFor({ smsUrl: config.SMS_URL, outboxDir: config.SMS_OUTBOX_DIR }),
    publicUrl: config.PUBLIC_URL,
    passwordCost: config.PASSWORD_SCRYPT_COST,
    perLoginId: config.RATE_LIMIT_SIGNUP_PER_ID,
    codeAttempts: config.SIGNUP_CODE_ATTEMPTS,
  };
  const accountDeps = { db, config, clock, policy, devices: devices.gate, signUp };
  registerAccountRoutes(app, accountDeps);
  registerSubAccountRoutes(app, accountDeps);
  registerDeviceRoutes(app, { db, clock, leases: devices.leases, defaults: devices.defaults });
  registerCareConsoleCalls(app, { db, clock, leases: devices.leases });
  registerAccountCentreRoutes(app, { db, config, clock });
  registerCommerceAccountCentreRoutes(app, { db, clock });

  registerPasswordResetRoutes(app, {
    db,
    clock,
    mailer: siteMailer,
    publicUrl: config.PUBLIC_URL,
    passwordCost: config.PASSWORD_SCRYPT_COST,
    perLoginId: config.RATE_LIMIT_RESET_PER_ID,
    perIp: config.RATE_LIMIT_RESET_PER_IP,
  });
  registerGatewayAccountRoutes(app, accountDeps);
  registerPartnerRoutes(app, { ...accountDeps, partners: partners ?? demoPartnerDirectory });
  registerCatalogueRoutes(app, db, clock, config.CATALOGUE_CACHE_SECONDS, caches);
  registerCatalogueGatewayRoutes(app, {
    db,
    clock,
    policy,
    cacheSeconds: config.CATALOGUE_CACHE_SECONDS,
    caches,
    inToViewList: (uid, contentId) => isMember(db, 'to_view_item', uid, contentId),
  });
  registerCataloguePageRoutes(app, db, clock, (clipId) => streams.masterUrl(clipId));
  registerSiteContentRoutes(app, new WordingStore(db));
  const streams = new StreamSigner(
    config.STREAM_SIGNING_SECRET,
    config.STREAM_URL_TTL_SECONDS,
    clock,
    new ContentKeyStore(config.CONTENT_KEYS_DIR),
  );
  registerPlaybackRoutes(app, { db, clock, streams, leases: devices.leases });
  const live = registerLive(app, { db, clock, config, streams, leases: devices.leases, limiters });
  registerGatewayDeviceRoutes(app, {
    db,
    clock,
    policy,
    leases: devices.leases,
    defaults: devices.defaults,
    channelPlays: (channelId, viewer) => live.service.plays(viewer, channelId, clock()),
    titlePlays: async (contentId, viewer, now) =>
      (await requirePlayRight(db, { contentId, isSeries: 'N', viewer, now })).title.content_id,
  });
  registerAdRoutes(app, {
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    tokens: new TrackingTokens(config.STREAM_SIGNING_SECRET),
    secureCookies,
    limiters,
  });
  registerVoucherRoutes(app, { db, clock, config });
  registerEngagementRoutes(app, {
    db,
    clock,
    drawLimits: {
      perAccount: config.RATE_LIMIT_DRAW_PER_ACCOUNT,
      perIp: config.RATE_LIMIT_DRAW_PER_IP,
    },
    limiters,
  });
  await registerOrderRoutes(app, { db, clock, config });
  await registerStreamRoutes(app, config.MEDIA_DIR, streams);
  registerSearchRoutes(app, { db, clock });
  registerListRoutes(app, {
    db,
    clock,
    policy,
    cacheSeconds: config.CATALOGUE_CACHE_SECONDS,
    caches,
    leases: devices.leases,
  });
  await registerTelemetryRoutes(app, {
    db,
    clock,
    secureCookies,
    publicOrigin: new URL(config.PUBLIC_URL).origin,
    limiters,
    qoeRateLimit: { limit: config.RATE_LIMIT_QOE_PER_IP },
  });
  registerAppLogRetention(app, { db, clock, keepDays: config.APP_LOG_KEEP_DAYS });
  await registerMediaRoutes(app, config.MEDIA_DIR);
  await registerWebAssets(app, config.WEB_DIST_DIR);
  // The operator console: its own bundle and policy under /console (ADR 0036).
  await registerConsoleApp(app, config.CONSOLE_DIST_DIR);
  await extend?.(app);
  await app.register(pageShell, {
    webDistDir: config.WEB_DIST_DIR,
    publicUrl: config.PUBLIC_URL,
    defaultImage: { url: mediaUrl(DEFAULT_SHARE_IMAGE), size: IMAGE_SIZES.share },
    resolvers: {
      home: homeHead(db, clock),
      browse: browseHead(db, clock),
      details: detailsHead(db, clock),
      play: playHead(db, clock),
      liveChannel: liveChannelHead(db, clock),
      myList: myListHead,
      forgotPassword: forgotPasswordHead,
      resetPassword: resetPasswordHead,
      confirmSignUp: confirmSignUpHead,
    },
  });
  return app;
}
