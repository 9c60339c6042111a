import { describe, expect, it } from 'vitest';
import { builtClientForFile } from '../../test/client-build';

// Load shedding on (the harness turns it off), with a limit well above a busy machine's hiccups.
const client = builtClientForFile(
  {
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/main-abc123.js': 'console.log(1)',
    'assets/main-abc123.js.map': '{"version":3}',
  },
  { config: { maxEventLoopDelayMs: 100 } },
);

describe('the built web app while the server sheds load', () => {
  it('still serves its files and answers missing assets and source maps, but refuses pages', async () => {
    const app = client.app;
    // Saturated: 250 ms blocks with short breaks, until the meter has seen the stalls recur.
    for (let i = 0; i < 40 && !app.eventLoopLag?.overloaded; i++) {
      const until = Date.now() + 250;
      while (Date.now() < until) {
        /* busy */
      }
      await new Promise((r) => setImmediate(r));
    }
    expect(app.eventLoopLag?.overloaded).toBe(true);
    const [file, head, map, missing, page] = await Promise.all([
      app.inject({ method: 'GET', url: '/assets/main-abc123.js' }),
      app.inject({ method: 'HEAD', url: '/assets/main-abc123.js' }),
      app.inject({ method: 'GET', url: '/assets/main-abc123.js.map' }),
      app.inject({ method: 'GET', url: '/assets/missing-123.js' }),
      app.inject({ method: 'GET', url: '/marketplace' }),
    ]);
    expect(file.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(map.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(page.statusCode).toBe(503);
    expect(page.json().error.message).toBe('The server is busy right now. Please try again in a moment.');
  });
});
