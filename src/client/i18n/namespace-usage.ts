/**
 * Which catalogue namespaces a client module and everything it imports (statically, or lazily with
 * `import()`) may show: every string that starts with a namespace's name and a dot (`'events.tabs.'`,
 * `id="guests.count"`), and `term(…)`'s `terms`. Read by namespaces.test.ts, which holds the table of
 * screens (src/client/screens.ts) to it, and by the page budgets. Runs in Node (tests, bench), never
 * in the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { NAMESPACES, type Namespace } from './namespaces';

const NAMESPACE_PREFIX = new RegExp(`^(${NAMESPACES.join('|')})\\.[A-Za-z0-9]`);
const CLIENT = path.resolve('src/client');

/** A relative import's file (`./x` → `./x.tsx`, `./x.ts`, `./x/index.ts`), or null outside src/client. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  const found = candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file));
  return found?.startsWith(CLIENT) ? found : null;
}

interface ModuleFacts {
  /** Imports that load code (not `import type`). */
  staticImports: string[];
  /** `import('…')`: code loaded later (a lazy screen or dialog). */
  lazyImports: string[];
  namespaces: Set<Namespace>;
}

const cache = new Map<string, ModuleFacts>();

function factsOf(file: string): ModuleFacts {
  const known = cache.get(file);
  if (known) return known;
  const source = readFileSync(file, 'utf8');
  const staticSpecifiers: string[] = [];
  const lazySpecifiers: string[] = [];
  const namespaces = new Set<Namespace>();
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnly(node)) staticSpecifiers.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) staticSpecifiers.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier)) lazySpecifiers.push(specifier.text);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      const match = NAMESPACE_PREFIX.exec(node.text);
      if (match) namespaces.add(match[1] as Namespace);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'term') {
      namespaces.add('terms');
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  const resolveAll = (specifiers: string[]) =>
    specifiers
      .map((specifier) => resolveImport(file, specifier))
      .filter((resolved): resolved is string => resolved !== null);
  const staticImports = resolveAll(staticSpecifiers);
  const lazyImports = resolveAll(lazySpecifiers);
  const facts = { staticImports, lazyImports, namespaces };
  cache.set(file, facts);
  return facts;
}

/** Whether a file is a test, or the catalogues' own machinery (which names every namespace). */
function outsideScreens(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.startsWith(path.join(CLIENT, 'i18n'));
}

/**
 * The namespaces `entry` (a path under src/client) and the modules it reaches may show; `lazy: false`
 * follows only static imports (what runs before the first render).
 */
export function namespacesUsed(entry: string, { lazy = true } = {}): Set<Namespace> {
  const used = new Set<Namespace>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || outsideScreens(file)) return;
    seen.add(file);
    const facts = factsOf(file);
    for (const namespace of facts.namespaces) used.add(namespace);
    for (const next of facts.staticImports) walk(next);
    if (lazy) for (const next of facts.lazyImports) walk(next);
  };
  walk(path.resolve(CLIENT, entry));
  return used;
}

/** Whether an import loads nothing: `import type { … }`, or only `type` names. */
function isTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}
