/**
 * The server's layers, and which way imports may point (docs/architecture.md draws them).
 *
 *   top        the files directly in src/server (app.ts, main.ts, cli.ts, expired-rows.ts), demo/
 *              (demo data and factories), test/ (test support)
 *   doors      src/server/doors: tRPC app router, REST table and OpenAPI, drawn pages, streams, uploads
 *   domains    src/server/domains: router -> service -> queries, each domain over the ones before it
 *   platform   src/server/platform: db, env, errors, limits, mail, storage, live hub, audit, jobs
 *   shared     src/shared: schemas, constants, the calendar; imports nothing of server or client
 *
 * Imports point down only. Inside a layer its folders are listed bottom up: each may import those
 * listed before it and none after, so no two folders import each other. Tests are exempt from the
 * layer rules (they may drive a module from above), not from the rule against circles.
 */
const S = '^src/server/';
const NOT_TEST = '\\.test\\.tsx?$';

/** Bottom up; a name is a folder or a single file (without .ts) directly under the layer. */
const ORDER = {
  platform: 'env tokens db limits storage backup mail audit live http trpc idempotency jobs',
  domains:
    'places users observance guest-lists events family feeds calendar auth meta notifications guests analytics availability vendors uploads attachments kashrut messages requests bookings reviews claims admin',
  doors: 'request-context trpc live uploads pages rest',
};

const part = (layer, names) => `${S}${layer}/(${names.join('|')})(/|\\.ts$)`;

/** In each layer, a folder importing one listed after it. */
const orderRules = Object.entries(ORDER).flatMap(([layer, list]) => {
  const names = list.split(' ');
  return names.slice(0, -1).map((name, i) => ({
    name: `${layer}-order`,
    severity: 'error',
    comment: `${layer}/${name} may import only what ${layer} lists before it (.dependency-cruiser.cjs, ORDER)`,
    from: { path: part(layer, [name]), pathNot: NOT_TEST },
    to: { path: part(layer, names.slice(i + 1)) },
  }));
});

const TOP = `${S}(demo|test)/|${S}[^/]+\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-knows-no-domain',
      severity: 'error',
      comment: 'The platform serves every domain and knows none of them, nor any door or the top.',
      from: { path: `${S}platform/`, pathNot: NOT_TEST },
      to: { path: `${S}(domains|doors)/|${TOP}` },
    },
    {
      name: 'domains-open-no-door',
      severity: 'error',
      comment: 'A domain is reached through the doors; it never imports one, nor the top.',
      from: { path: `${S}domains/`, pathNot: NOT_TEST },
      to: { path: `${S}doors/|${TOP}` },
    },
    {
      name: 'doors-below-the-top',
      severity: 'error',
      comment:
        'The doors are wired together by app.ts; they import neither it nor demo data or test support.',
      from: { path: `${S}doors/`, pathNot: NOT_TEST },
      to: { path: TOP },
    },
    ...orderRules,
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared is read by server and client alike, so it imports from neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-takes-only-types-from-server',
      severity: 'error',
      comment:
        'The browser bundle must not pull server code in: the client imports type AppRouter, nothing else.',
      from: { path: '^src/client/', pathNot: NOT_TEST },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
