import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { glibcRuntime, missingMallocSettings, missingNodeFlags } from './malloc-settings.js';

/** Beyond the jobs' grace period, what closing may take (streams, connections) before giving up. */
const CLOSE_MARGIN_MS = 15_000;

try {
  const config = loadConfig();
  const { app } = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Listsmith is running at ${config.appUrl}`);
  const missing = [
    ...missingMallocSettings(process.env, glibcRuntime()),
    ...missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS),
  ];
  if (missing.length > 0) {
    app.log.warn(
      `start the server with ${missing.join(' ')} (as npm start does): without them memory freed by image and photo analysis stays with the process`,
    );
  }
  const shutdown = async (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    // A close that hangs (an outside service gone mid-shutdown) must not keep the process.
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + CLOSE_MARGIN_MS).unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
