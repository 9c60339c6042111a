import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from './openapi';

/** Writes the OpenAPI document that /api/openapi.json serves, for linting without a running server. */
const target = process.argv[2];
if (!target) {
  console.error('Usage: tsx src/server/doors/rest/write-openapi.ts <file.json>');
  process.exit(2);
}
await mkdir(path.dirname(path.resolve(target)), { recursive: true });
await writeFile(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.info(`OpenAPI document written to ${target}`);
