/**
 * The shared infrastructure an app runs on, built from the configuration unless the caller
 * passes its own (tests): mail, the clock, Redis-shared state, image storage and the vision
 * provider. The capabilities (capabilities.ts) are built on it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps.js';
import type { AppConfig } from './config.js';
import { createImageStore } from './images/image-store.js';
import { createMailer } from './mail/create-mailer.js';
import { createVisionProvider } from './vision/providers/create-vision-provider.js';

/** Redis and BullMQ are loaded only where REDIS_URL is set (ADR 056). */
async function connectSharedStateIfSet(config: AppConfig, log: FastifyBaseLogger) {
  if (!config.redis) return undefined;
  const { connectSharedState } = await import('./shared-state.js');
  return connectSharedState(config.redis, config.shutdownGraceMs, log);
}

export async function buildInfrastructure(
  config: AppConfig,
  deps: AppDeps,
  log: FastifyBaseLogger,
) {
  // Before Redis connects: a configuration refused here leaves no connection behind.
  const mailer = deps.mailer ?? (await createMailer(config));
  const shared = await connectSharedStateIfSet(config, log);
  // A store the caller passed is the caller's to close.
  const storage = deps.imageStore
    ? { store: deps.imageStore, close: () => {} }
    : await createImageStore(config.imageStorage);
  return {
    mailer,
    clock: deps.now ?? (() => new Date()),
    /** What several processes share through Redis; undefined without REDIS_URL. */
    shared,
    storage,
    imageStore: storage.store,
    visionProvider: deps.visionProvider ?? createVisionProvider(config.vision),
  };
}

export type Infrastructure = Awaited<ReturnType<typeof buildInfrastructure>>;
