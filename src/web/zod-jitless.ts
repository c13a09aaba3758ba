/**
 * Zod 4 compiles a fast object parser with `new Function`, probing first whether eval is
 * allowed. Our content security policy forbids eval (no 'unsafe-eval'), so the probe is refused
 * and reported as a violation, which costs the pages their best-practices score. `jitless` skips
 * both the probe and the compiled parser (the interpreted one gives the same results). Imported
 * first by main.tsx, so it is set before any chunk parses a reply. `config` comes from the small
 * core module Zod reads its settings from, so the first load does not carry the schema library.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
