/**
 * Builds the app from this process's environment, as main.ts does, and prints the packages the
 * server imported while doing so: one JSON array of names on standard output.
 */
import { registerHooks } from 'node:module';

const packages = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const bare = /^(?:@[^/]+\/[^/]+|[^./#][^/:]*)/.exec(specifier);
    if (bare && !specifier.startsWith('node:')) packages.add(bare[0]);
    return nextResolve(specifier, context);
  },
});

const { loadConfig } = await import('#server/config.js');
const { buildApp } = await import('#server/app.js');
const { app } = await buildApp(loadConfig(process.env), {});
await app.close();
console.log(JSON.stringify([...packages].sort()));
