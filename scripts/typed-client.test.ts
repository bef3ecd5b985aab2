import path from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

/**
 * The browser's API calls are typed from the routes themselves (docs/structure.md, "query"): this compiles a
 * client that reads a route's answer, then the same client against the route with the field renamed, and
 * expects the build to break where the client reads it.
 */
const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(root, 'scripts/fixtures/typed-client');
const routerFile = path.join(fixtures, 'router.ts');
const clientFile = path.join(fixtures, 'client.ts');

let previous: ts.Program | undefined;

function compile(rewriteRouter: (source: string) => string): readonly ts.Diagnostic[] {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return text !== undefined && path.resolve(file) === routerFile ? rewriteRouter(text) : text;
  };
  // The second compile reuses the first one's unchanged files (hono's types, the API client).
  const program = ts.createProgram({
    rootNames: [clientFile],
    options: { ...options, noEmit: true },
    host,
    oldProgram: previous,
  });
  previous = program;
  return ts.getPreEmitDiagnostics(program);
}

const describe = (diagnostics: readonly ts.Diagnostic[]) =>
  diagnostics.map(
    (d) =>
      `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
  );

it('changing a route response field breaks the build where the browser reads it', () => {
  expect(describe(compile((source) => source))).toEqual([]);

  const renamed = describe(compile((source) => source.replace('{ greeting:', '{ salutation:')));
  expect(renamed).toEqual([
    expect.stringMatching(/^scripts\/fixtures\/typed-client\/client\.ts: .*'greeting'/),
  ]);
});
