import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The one service signature (docs/structure.md): a service takes `(ctx: ServiceContext, actor: Actor, input)`,
 * leaving out what it does not need; a step inside its caller's transaction takes `tx: Executor` first. This reads
 * every exported function of every `src/features/<feature>/server/*.service.ts` (a new feature is covered without
 * being listed) and names each departure.
 */
const root = path.join(import.meta.dirname, '..');

/** What a service must not take beside its context: the context already carries it. */
const CARRIED_BY_CONTEXT = new Set(['Db', 'Clock', 'Config', 'Storage', 'Auth', 'Logger', 'RequestMeta']);

function signatureProblems(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const problems: string[] = [];
  const typeOf = (parameter: ts.ParameterDeclaration) => parameter.type?.getText(file) ?? '';
  const nameOf = (parameter: ts.ParameterDeclaration) => parameter.name.getText(file);

  for (const statement of file.statements) {
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      /(Deps|Context)$/.test(statement.name.text)
    ) {
      problems.push(`${statement.name.text}: a dependency type of its own; services take ServiceContext`);
    }
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const name = statement.name.text;
    const parameters = [...statement.parameters];
    parameters.forEach((parameter, index) => {
      const type = typeOf(parameter);
      if (CARRIED_BY_CONTEXT.has(type)) {
        problems.push(`${name}: takes ${type}; a service reads it from ctx, a step takes tx: Executor`);
      }
      if (type === 'ServiceContext' && index !== 0) problems.push(`${name}: ServiceContext must come first`);
      if ((type === 'Actor' || type === 'UserRow') && !(index === 1 && nameOf(parameter) === 'actor')) {
        const takesContext = parameters[0] && typeOf(parameters[0]) === 'ServiceContext';
        if (takesContext) problems.push(`${name}: the acting member is the second parameter, named actor`);
      }
    });
    if (parameters[0] && typeOf(parameters[0]) === 'ServiceContext') {
      if (parameters.length > 3) problems.push(`${name}: more than (ctx, actor, input)`);
      for (const parameter of parameters.slice(1)) {
        const type = typeOf(parameter);
        if (type === 'Date' || /^(string|number|boolean)$/.test(type)) {
          problems.push(`${name}: takes ${nameOf(parameter)}: ${type}; the input is one object`);
        }
      }
    }
  }
  return problems;
}

function serviceFiles(): string[] {
  const features = path.join(root, 'src/features');
  return fs.readdirSync(features).flatMap((feature) => {
    const server = path.join(features, feature, 'server');
    if (!fs.existsSync(server)) return [];
    return fs
      .readdirSync(server)
      .filter((name) => name.endsWith('.service.ts'))
      .map((name) => path.join(server, name));
  });
}

describe('the one service signature', () => {
  it('names each way a service can depart from (ctx, actor, input)', () => {
    const sample = `
      export interface ShopDeps { db: Db }
      export async function oldStyle(db: Db, userId: string, now: Date) {}
      export async function late(actor: Actor, ctx: ServiceContext) {}
      export async function misnamed(ctx: ServiceContext, me: Actor, input: { id: string }) {}
      export async function loose(ctx: ServiceContext, actor: Actor, id: string) {}
      export async function good(ctx: ServiceContext, actor: Actor, input: { id: string }) {}
      export async function step(tx: Executor, userId: string) {}
    `;
    expect(signatureProblems('sample.service.ts', sample)).toEqual([
      'ShopDeps: a dependency type of its own; services take ServiceContext',
      'oldStyle: takes Db; a service reads it from ctx, a step takes tx: Executor',
      'late: ServiceContext must come first',
      'misnamed: the acting member is the second parameter, named actor',
      'loose: takes id: string; the input is one object',
    ]);
  });

  it('holds for every service of every feature', () => {
    const files = serviceFiles();
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((file) =>
      signatureProblems(file, fs.readFileSync(file, 'utf8')).map(
        (problem) => `${path.relative(root, file)}: ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
