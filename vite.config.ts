import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);
const apiTarget = `http://127.0.0.1:${apiPort}`;

// In development Vite serves the SPA and forwards API calls to the Fastify server (run by `npm run dev`).
// changeOrigin stays false so that the Host header matches the browser's Origin and the
// server's cross-origin guard accepts the call.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Maps are written for error reports but no page links them, and the server does not serve them.
    sourcemap: 'hidden',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
