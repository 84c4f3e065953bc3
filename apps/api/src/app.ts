import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { fastifyRequestContext } from '@fastify/request-context';
import {
  bannerFamilies,
  bannerFamilyNames,
  maxImageBytes,
  maxImagesPerUpload,
  messages,
  optionFamilies,
  optionFamilyNames,
} from '@shopdesk/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { createDb, type DbHandle, migrateToLatest } from './db/create-db';
import { demoSizes, isEmptyShop, seedShop } from './db/seed/seed';
import { createRequestCounter, createThrottleStore } from './db/shared-limits';
import { ImageWork } from './lib/image-work';
import { createMailer, type Mailer } from './lib/mailer';
import { openImageStore } from './lib/open-image-store';
import { defaultThrottleLimits, Throttle, type ThrottleLimits } from './lib/throttle';
import { loadJwtSecret, TokenSigner } from './lib/tokens';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { WriteEpoch } from './lib/write-epoch';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes';
import { recordingTransactions, recordRefusal } from './modules/activity/activity.recorder';
import { activityRoutes } from './modules/activity/activity.routes';
import { pruneActivity } from './modules/activity/activity.service';
import { bannersRoutes } from './modules/banners/banners.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { countriesRoutes } from './modules/countries/countries.routes';
import { memoryEventBus, postgresEventBus } from './modules/events/event-bus';
import { eventsRoutes } from './modules/events/events.routes';
import { imageRoutes, imageUploadRoutes } from './modules/images/images.routes';
import { sweepUnusedImages } from './modules/images/images.service';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { JobRunner } from './modules/jobs/jobs.runner';
import { googleSignInRoutes, oidcRoutes } from './modules/oidc/oidc.routes';
import { optionValuesRoutes } from './modules/option-values/option-values.routes';
import { bestSellersRoutes, ordersRoutes } from './modules/orders/orders.routes';
import { orderExportRoutes } from './modules/orders/orders-export.routes';
import { CatalogueCache } from './modules/products/catalogue-cache';
import { PageMarks } from './modules/products/page-marks';
import { batchedPageRows, singlePageRows } from './modules/products/page-rows';
import { productImportRoutes } from './modules/products/product-import.routes';
import { runProductImport } from './modules/products/product-import.service';
import { productText, storeMissingProductJsonOnce } from './modules/products/product-json';
import { productsRoutes, searchRoutes } from './modules/products/products.routes';
import { productBulkRoutes } from './modules/products/products-bulk.routes';
import { pruneBulkEdits } from './modules/products/products-bulk.service';
import { productExportRoutes } from './modules/products/products-export.routes';
import { reviewsRoutes } from './modules/products/reviews.routes';
import { batchedSessionReader } from './modules/sessions/session-batch';
import { SessionCache, type SessionReader } from './modules/sessions/session-cache';
import { sessionStatement, sessionsStatement } from './modules/sessions/sessions.repository';
import { authenticate } from './modules/sessions/sessions.service';
import { rolesRoutes } from './modules/staff/roles.routes';
import { settleRoles } from './modules/staff/roles.service';
import { staffRoutes } from './modules/staff/staff.routes';
import { systemRoutes } from './modules/system/system.routes';
import { trashRoutes } from './modules/trash/trash.routes';
import { purgeDueTrash } from './modules/trash/trash.service';
import { findUserByEmail } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { ensureOwner } from './modules/users/users.service';
import { viewsRoutes } from './modules/views/views.routes';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { corsPlugin } from './plugins/cors';
import { errorHandlerPlugin } from './plugins/error-handler';
import { imageUrlsPlugin } from './plugins/image-urls';
import { inputTextPlugin } from './plugins/input-text';
import { protocolErrorsPlugin, protocolServerOptions } from './plugins/protocol-errors';
import { defaultRequestLimits, type RequestLimits, rateLimitsPlugin } from './plugins/rate-limits';
import { securityHeaders } from './plugins/security-headers';
import { staticFilesPlugin } from './plugins/static-files';
import { unreadBodyPlugin } from './plugins/unread-body';
import { uploadedFilesPlugin } from './plugins/uploaded-files';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildOptions {
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
  throttle?: Partial<ThrottleLimits>;
  /** Per-address request limits of public calls (plugins/rate-limits.ts). */
  requestLimits?: Partial<RequestLimits>;
  /** Run the hourly sweep of unused uploads and the trash's purge (off in tests, which call them directly). */
  sweep?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); logs even when `logger` is false. */
  logStream?: NodeJS.WritableStream;
  /** Replaces SMTP (tests read the mail). */
  mailer?: Mailer;
  /** How long one live event stream stays open before the client reconnects (default 5 minutes). */
  eventStreamMs?: number;
  /** Run queued jobs (imports) on this server (default true). */
  jobs?: boolean;
  /**
   * Write the activity log (default true). Only the bench's measure of what the log costs sets
   * false (bench/log-cost-server.ts: the same server, units run without the recorder, so no
   * entries and no live events); no setting of the product's turns the log off.
   */
  activityLog?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Builds the whole application: plugins, then one register() per module. Never listens. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.newPass'],
              censor: '[redacted]',
            },
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Node's and Fastify's own answers (unparsable requests, closing) in the API's shape.
    ...protocolServerOptions,
    // Errors Fastify raises before routing (a bad percent-escape, a path parameter over 100
    // characters) answer in the API's shape too, not Fastify's {error, code, message, statusCode}.
    frameworkErrors: (error, _request, reply) => {
      // A path id over 100 characters (Fastify says 414) can name no record: 404, as api.md lists.
      if (error.statusCode === 414)
        return (reply as FastifyReply).code(404).send({ error: true, msg: messages.notFound });
      const status: number = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
      const body = { error: true, msg: status < 500 ? messages.badRequest : messages.serverError };
      (reply as FastifyReply).code(status).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle: DbHandle = createDb(config, (error, what) => app.log.error({ err: error }, what));
  const epoch = new WriteEpoch();
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    // Its handler is done (its transaction committed): reads remembered before now are stale.
    if (!readOnlyMethods.has(request.method)) epoch.bump();
    done(null, payload);
  });
  const clock = options.clock ?? Date.now;
  const isShared = handle.engine === 'postgres';
  // Live events (api.md §14): NOTIFY/LISTEN across servers on PostgreSQL, in-process on SQLite.
  const events =
    handle.engine === 'postgres' && config.databaseUrl
      ? postgresEventBus(config.databaseUrl, (error, what) => app.log.error({ err: error }, what))
      : memoryEventBus();
  const ctx: AppContext = {
    config,
    db: handle.db,
    engine: handle.engine,
    // Every unit of work of a request whose route declares a change writes its activity entry.
    transaction:
      options.activityLog === false
        ? handle.transaction
        : recordingTransactions({
            transaction: handle.transaction,
            engine: handle.engine,
            clock,
            bus: events,
            lowStockDefault: config.lowStockThreshold,
          }),
    events,
    prepared: handle.prepared,
    ...(handle.sqlite ? { sqlite: handle.sqlite } : {}),
    tokens: new TokenSigner(loadJwtSecret(config.jwtSecret, config.dataDir)),
    clock,
    throttle: new Throttle({ ...defaultThrottleLimits, ...options.throttle }, clock, createThrottleStore(handle.db)),
    log: app.log,
    mailer: options.mailer ?? createMailer(config, app.log),
    epoch,
    marks: new PageMarks(handle.db),
    pageRows: (isShared ? batchedPageRows : singlePageRows)(handle.db, handle.prepared),
    catalogue: new CatalogueCache(handle.db, epoch),
    // PostgreSQL: several servers may share the database, so no session is remembered between
    // requests: each reads its own (primary-key reads, which also bring the catalogue's version),
    // the requests of one turn of the event loop in one statement (session-batch.ts).
    sessions: new SessionCache(sessionReader(handle), epoch, undefined, !isShared),
    imageStore: openImageStore(config, (error, what) => app.log.error({ err: error }, what)),
    imageWork: new ImageWork(config.uploads.imageConcurrency),
  };
  app.decorate('ctx', ctx);

  // Servers starting at once on one PostgreSQL database take turns here (create-db.ts), so
  // the migrations, the owner account and the demo shop are each made once.
  await handle.exclusively(async () => {
    await migrateToLatest(handle.db);
    await storeMissingProductJsonOnce(handle.db);
    const owner = await ensureOwner(ctx);
    await settleRoles(ctx);
    if (owner.password) {
      app.log.warn(
        { event: 'owner.created', email: config.adminEmail },
        'owner account created with a generated password',
      );
      // Printed once, to the console only (never to the structured log).
      process.stdout.write(
        `\nOwner account ${config.adminEmail} created. Password (shown once): ${owner.password}\n\n`,
      );
    }
    if (config.seed === 'demo' && (await isEmptyShop(ctx))) {
      const started = Date.now();
      const made = await seedShop(ctx, demoSizes, productText);
      app.log.info({ event: 'seed.demo', ...made, ms: Date.now() - started }, 'demo shop loaded');
    }
  });

  // Which request is running, for the activity log's recorder (modules/activity).
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({ request, recorded: false }),
  });
  // A refusal that its route declares worth logging (a failed sign-in) is logged before it is answered.
  app.addHook('onSend', async (request, reply, payload) => {
    await recordRefusal(handle.transaction, clock, request, reply, payload, findUserByEmail).catch((error: unknown) =>
      app.log.error({ err: error }, 'activity entry of a refusal not written'),
    );
    return payload;
  });
  await app.register(errorHandlerPlugin);
  await app.register(unreadBodyPlugin);
  await app.register(protocolErrorsPlugin);
  await app.register(securityHeaders, { config });
  // Before auth: a preflight carries no token, and a refused call still tells an allowed origin why.
  await app.register(corsPlugin, { config });
  await app.register(multipart, { limits: { fileSize: maxImageBytes, files: maxImagesPerUpload } });
  await app.register(authPlugin, { authenticate: (token) => authenticate(ctx, token) });
  await app.register(rateLimitsPlugin, {
    limits: { ...defaultRequestLimits, ...options.requestLimits },
    // PostgreSQL: counted in the database, so every server counts the same requests.
    ...(isShared ? { count: createRequestCounter(handle.db) } : {}),
  });
  await app.register(inputTextPlugin);
  await app.register(imageUrlsPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(uploadedFilesPlugin, { store: ctx.imageStore });
  await app.register(staticFilesPlugin, { config });
  // Before the modules: it describes every route registered after it (GET /api/docs/json).
  await app.register(apiDocsPlugin);

  // The API's table of contents.
  await app.register(systemRoutes, { prefix: '/api', ctx, handle });
  await app.register(usersRoutes, { prefix: '/api/user', ctx });
  await app.register(accountSecurityRoutes, { prefix: '/api/user', ctx });
  await app.register(googleSignInRoutes, { prefix: '/api/user', ctx });
  await app.register(oidcRoutes, { prefix: '/api/auth/oidc', ctx });
  await app.register(rolesRoutes, { prefix: '/api/roles', ctx });
  await app.register(staffRoutes, { prefix: '/api/staff', ctx });
  await app.register(activityRoutes, { prefix: '/api/activity', ctx });
  await app.register(viewsRoutes, { prefix: '/api/views', ctx });
  await app.register(eventsRoutes, { prefix: '/api/events', ctx, streamMs: options.eventStreamMs });
  await app.register(imageRoutes('users'), { prefix: '/api/user', ctx });
  await app.register(imageUploadRoutes, { prefix: '/api/imageUpload', ctx });
  await app.register(categoriesRoutes, { prefix: '/api/category', ctx });
  await app.register(imageRoutes('categories'), { prefix: '/api/category', ctx });
  for (const family of optionFamilyNames) {
    await app.register(optionValuesRoutes(family), { prefix: optionFamilies[family].path, ctx });
  }
  await app.register(productsRoutes, { prefix: '/api/products', ctx });
  await app.register(productExportRoutes, { prefix: '/api/products', ctx });
  await app.register(productBulkRoutes, { prefix: '/api/products', ctx });
  await app.register(imageRoutes('products'), { prefix: '/api/products', ctx });
  await app.register(searchRoutes, { prefix: '/api/search', ctx });
  await app.register(reviewsRoutes, { prefix: '/api/productReviews', ctx });
  await app.register(countriesRoutes, { prefix: '/api/countries' });
  await app.register(ordersRoutes, { prefix: '/api/orders', ctx });
  await app.register(orderExportRoutes, { prefix: '/api/orders', ctx });
  await app.register(bestSellersRoutes, { prefix: '/api/products', ctx });
  for (const family of bannerFamilyNames) {
    const { apiPath, folder } = bannerFamilies[family];
    await app.register(bannersRoutes(family), { prefix: apiPath, ctx });
    await app.register(imageRoutes(folder), { prefix: apiPath, ctx });
  }
  await app.register(trashRoutes, { prefix: '/api/trash', ctx });
  // Jobs (api.md §13): any server runs queued jobs and resumes those a stopped server held.
  const jobs = new JobRunner(ctx, { productImport: runProductImport }, { leaseMs: config.jobLeaseMs, pollMs: 1000 });
  await app.register(jobsRoutes, { prefix: '/api/jobs', ctx });
  await app.register(productImportRoutes, { prefix: '/api/products', ctx, jobs });
  if (options.jobs !== false) app.addHook('onReady', async () => jobs.start());

  // The trash's purge (TRASH_DAYS) runs once the server is up, then hourly with the upload sweep.
  let purging: Promise<unknown> = Promise.resolve();
  if (options.sweep !== false) {
    const prune = () => {
      void pruneActivity(ctx).catch((error) => app.log.error({ err: error }, 'activity log pruning failed'));
      void pruneBulkEdits(ctx).catch((error) => app.log.error({ err: error }, 'bulk edit pruning failed'));
    };
    const purge = () => {
      purging = purgeDueTrash(ctx).catch((error) => app.log.error({ err: error }, 'trash purge failed'));
    };
    app.addHook('onReady', async () => {
      prune();
      purge();
    });
    const timer = setInterval(() => {
      sweepUnusedImages(ctx).catch((error) => app.log.error({ err: error }, 'upload sweep failed'));
      prune();
      purge();
    }, 3_600_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', async () => {
    // Stops between two batches and gives the job back: any server resumes it from its checkpoint.
    await jobs.stop();
    await purging;
    await events.close();
    await ctx.imageStore.close();
    await handle.close();
  });
  return app;
}

/** How a request's session is read: one statement per id on SQLite, in batches on PostgreSQL. */
function sessionReader(handle: DbHandle): SessionReader {
  if (handle.engine === 'postgres') {
    const sessionsOf = sessionsStatement(handle.db);
    return batchedSessionReader((sessionIds) => handle.prepared(sessionsOf(sessionIds)));
  }
  const sessionOf = sessionStatement(handle.db);
  return async (sessionId) => (await handle.prepared(sessionOf(sessionId)))[0];
}
