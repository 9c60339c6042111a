import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { parse as parseMessage, TYPE } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { COMPILED_MARK } from './src/client/i18n/compiled';

/**
 * The client's manifest (which chunks each module needs, read by the page budgets in
 * bench/budgets.ts) is moved out of dist/client after the build, so the server never hands it out.
 */
function manifestBesideClient(): Plugin {
  return {
    name: 'manifest-beside-client',
    applyToEnvironment: (environment) => environment.name === 'client',
    closeBundle() {
      const from = path.resolve('dist/client/.vite/manifest.json');
      mkdirSync(path.resolve('dist'), { recursive: true });
      renameSync(from, path.resolve('dist/client-manifest.json'));
      rmSync(path.resolve('dist/client/.vite'), { recursive: true, force: true });
    },
  };
}

/** Files worth compressing; pictures and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the request's own headers weigh. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes a .br (brotli at its best quality, too slow to run per request) and a .gz copy beside every
 * compressible file of the web app's build, public/ included; the server sends them as they are
 * (src/server/doors/pages/static.ts, preCompressed). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'simchahub:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = (await filesUnder(options.dir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const data = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(data, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < data.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

/** A catalogue of the client's messages (src/client/i18n/messages/<language>/<namespace>.json). */
const CATALOGUE_FILE = /[\\/]src[\\/]client[\\/]i18n[\\/]messages[\\/][a-z]{2}[\\/][A-Za-z]+\.json$/;

/**
 * The catalogues compiled at build time (decision 044): each ICU message with arguments becomes the
 * syntax tree react-intl formats from, so the browser never parses one, and its copy of the ICU
 * parser (about 11 KB gzip) is swapped for the parser-less build. A message that is plain text stays
 * a string (its tree is made when the catalogue loads, src/client/i18n/catalogue.ts: a tree per
 * message would weigh about 10 bytes gzip more each), and `$compiled` says so. A message that does
 * not parse fails the build. Code run without Vite (tests, tsx) reads the plain messages and parses
 * them.
 */
function precompileMessages(): Plugin {
  return {
    name: 'simchahub:precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id.split('?')[0] ?? id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = { [COMPILED_MARK]: 1 };
      for (const [key, message] of Object.entries(messages)) {
        const tree = parseMessage(message);
        const only = tree.length === 1 ? tree[0] : undefined;
        compiled[key] = only && only.type === TYPE.literal ? only.value : tree;
      }
      // Still JSON: Vite's own JSON plugin turns it into a module after this.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** In the browser's build, react-intl's ICU parser is the build without the parser (see above). */
function messagesWithoutParser(): Plugin {
  return {
    name: 'simchahub:messages-without-parser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (source !== '@formatjs/icu-messageformat-parser') return null;
      return this.resolve('@formatjs/icu-messageformat-parser/no-parser.js', importer, { skipSelf: true });
    },
  };
}

/**
 * The lines the browser's build takes out of Chakra (see chakraGlobalCss below): the line of its
 * system that makes its global styles, and its provider's element of the order of its cascade
 * layers. The stylesheet begins with that order; written again in the browser, a page's order of
 * layers makes the browser style the whole page anew (decision 050).
 */
const CHAKRA_EDITS = [
  {
    file: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/,
    line: 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
    replacement: 'const _global = [];',
  },
  {
    file: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]provider\.js$/,
    line: '!sys._config.disableLayers && /* @__PURE__ */ jsx(Global, { styles: sys.layers.atRule }),',
    replacement: 'false,',
  },
];

/**
 * Chakra's global styles (the reset, the global CSS and every design token as a custom property) as
 * a stylesheet made at build time, instead of in the browser (decision 046): making them is most of
 * createSystem's work, and emotion then writes 50 KB of CSS into the page, on every load, before the
 * first render. The browser's build leaves that line out of Chakra's system (an empty list: the
 * provider writes nothing), and the provider's element of the layers' order (CHAKRA_EDITS),
 * and index.html links the same CSS, printed by
 * scripts/chakra-global-css.tsx from the app's own system. The build fails if a line is not found,
 * so a new Chakra cannot leave the pages unstyled. The server's copy of Chakra (its packages stay in
 * node_modules) still makes them, for the pages it draws: page-prerender.ts leaves them out there.
 */
function chakraGlobalCss(): Plugin {
  let href = '';
  const replaced = new Set<string>();
  return {
    name: 'simchahub:chakra-global-css',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart() {
      const css = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/chakra-global-css.tsx'], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      const fileName = `assets/chakra-global-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source: css });
      href = `/${fileName}`;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      const edit = CHAKRA_EDITS.find((each) => each.file.test(file));
      if (!edit) return null;
      if (!code.includes(edit.line))
        this.error(
          `Chakra's ${file.split(/[\\/]/).at(-1)} no longer has "${edit.line}": see chakraGlobalCss in vite.config.ts`,
        );
      replaced.add(edit.line);
      return { code: code.replace(edit.line, edit.replacement), map: null };
    },
    transformIndexHtml() {
      return [{ tag: 'link', attrs: { rel: 'stylesheet', href }, injectTo: 'head' }];
    },
    buildEnd() {
      if (replaced.size < CHAKRA_EDITS.length)
        this.error(
          "Chakra's system.js or provider.js was not in the build: see chakraGlobalCss in vite.config.ts",
        );
    },
  };
}

/** src/client/boot.ts and the modules it imports (see the entry's group below). */
const BOOT_MODULES =
  /[\\/]src[\\/](client[\\/]boot\.ts|shared[\\/]app-scripts\.ts|client[\\/]components[\\/]tab-scroll\.ts)$/;

const apiPort = Number(process.env.PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [
    react(),
    precompileMessages(),
    messagesWithoutParser(),
    chakraGlobalCss(),
    manifestBesideClient(),
    precompress(),
  ],
  // `vite build` builds both environments below in one process: `npm start` runs it as the
  // script's only command (exec), so a stop signal during the build reaches the build itself.
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        emptyOutDir: true,
        // Maps are written for error reports but no page links them, and the server does not serve them.
        sourcemap: 'hidden',
        // Moved to dist/client-manifest.json by manifestBesideClient above.
        manifest: true,
        rolldownOptions: {
          // The app (index.html) and the one small script a page drawn by the server names instead
          // (src/client/boot.ts, decision 025), found by the server in the manifest.
          input: { index: 'index.html', boot: 'src/client/boot.ts' },
          output: {
            codeSplitting: {
              groups: [
                // Everything the entry imports, in the entry (decision 050). Left to the bundler, a
                // module the entry shares with a lazily loaded screen went to a chunk of its own: the
                // landing page loaded 51 files, 26 of them before its entry, each one a request and a
                // preload link to insert (1.5–6 ms each on a phone's CPU), and several of them a few
                // hundred bytes. Only what the entry imports ($initial), and not their dependencies
                // beyond that (a module's whole dependencies would pull in code the entry's
                // tree-shaken imports leave to later chunks). The boot script's own modules stay out,
                // so that it stays a few kilobytes.
                {
                  name: 'index',
                  tags: ['$initial'],
                  includeDependenciesRecursively: false,
                  test: (id: string) => !BOOT_MODULES.test(id),
                },
                // Icons used by more than one page share one chunk: left alone, every shared icon
                // becomes a chunk of its own, each one more request and one more name in the
                // entry's preload lists. Only the drawings are grouped: lucide's own base (and React
                // under it) stay where the bundler puts them.
                {
                  name: 'lucide-icons',
                  test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/,
                  minShareCount: 2,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    },
    /**
     * The server (src/server/main.ts and the command line, src/server/cli.ts) compiled to plain
     * JavaScript in dist/server, so production runs on `node` without a TypeScript transpiler.
     * Only our own code (src/, migrations/) is bundled; every package stays in node_modules and is
     * imported from there at run time, since some carry native code (argon2, sharp) or files they
     * load beside themselves (PGlite's wasm and data).
     */
    ssr: {
      resolve: { external: true },
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        // public/ belongs to the web app, not beside the server's code.
        copyPublicDir: false,
        target: 'node20',
        // Readable output with maps: NODE_OPTIONS=--enable-source-maps gives stack traces in src/.
        sourcemap: true,
        minify: false,
        rolldownOptions: {
          // The embedded database's thread is loaded by file name (src/server/platform/db/pglite-thread.ts).
          input: {
            main: 'src/server/main.ts',
            cli: 'src/server/cli.ts',
            'pglite-worker': 'src/server/platform/db/pglite-worker.ts',
          },
          output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
        },
      },
    },
  },
  // In development Vite serves the SPA and forwards API calls to the Fastify server (run by `npm run dev`).
  // changeOrigin stays false so that the Host header matches the browser's Origin and the
  // server's cross-origin guard accepts the call.
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
