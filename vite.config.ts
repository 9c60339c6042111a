import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react()],
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
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Icons used by more than one page share one chunk: left alone, every shared icon
              // becomes a chunk of its own, each one more request and one more name in the
              // entry's preload lists.
              // Only the drawings are grouped: lucide's own base (and React under it) stay where the
              // bundler puts them, or React would move out of the entry into this chunk.
              groups: [
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
          input: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
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
