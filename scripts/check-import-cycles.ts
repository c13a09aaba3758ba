/**
 * `npm run lint` step: fails when modules of this project import each other in a cycle. Unlike
 * ESLint's import-x/no-cycle, which skips `import type`, a type-only import counts here: two
 * modules that need each other's types are as tangled as two that need each other's values, and
 * one value import added later turns the cycle into a load-order bug.
 */
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const configPath = path.join(root, 'tsconfig.json');
const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, root);
const projectFiles = new Set(fileNames.map((file) => path.resolve(file)));

/** Every project file a file imports: static, type-only, re-exports and dynamic `import()`. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
  const targets = new Set<string>();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    const target = path.resolve(resolved.resolvedFileName);
    if (projectFiles.has(target) && target !== file) targets.add(target);
  }
  return [...targets];
}

const graph = new Map([...projectFiles].map((file) => [file, importsOf(file)]));

/** Tarjan's strongly connected components: each component of two or more files holds a cycle. */
function cyclicComponents(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const visit = (file: string): void => {
    index.set(file, counter);
    lowLink.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) components.push(component.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return components;
}

/** The shortest way from `start` back to itself inside one component (breadth first). */
function shortestCycle(start: string, component: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!component.has(next)) continue;
      if (next === start) {
        const route = [file];
        while (route[0] !== start) route.unshift(cameFrom.get(route[0]!)!);
        return [...route, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

const components = cyclicComponents();
for (const component of components) {
  const cycle = shortestCycle(component[0]!, new Set(component));
  console.error(`Import cycle: ${cycle.map((file) => path.relative(root, file)).join(' → ')}`);
  if (component.length > cycle.length - 1) {
    const others = component.filter((file) => !cycle.includes(file));
    console.error(`  in the same tangle: ${others.map((f) => path.relative(root, f)).join(', ')}`);
  }
}
if (components.length > 0) {
  console.error(
    `${components.length} import cycle(s). Move what both sides need into a module that neither imports.`,
  );
  process.exitCode = 1;
}
