import type { FastifyBaseLogger } from 'fastify';
import type { SiteFiguresDto } from '../../shared/schemas/site';
import type { Db } from '../db/create-db';
import { siteFigures } from '../meta/site-figures';

/** The landing page drawn ahead for a visitor: its markup, and the data its first render read. */
export interface PrerenderedPage {
  html: string;
  /** React Query's dehydrated cache (superjson), for the client to start from the same data. */
  state: string;
}

type Render = (origin: string, figures: SiteFiguresDto) => Promise<PrerenderedPage>;

interface Kept {
  figuresJson: string;
  page: PrerenderedPage;
}

/**
 * The landing page as HTML for visitors, so that it is drawn before any script has arrived; the
 * client then hydrates it (src/client/main.tsx). The renderer is the client's own code
 * (src/client/prerender.tsx) and pulls in React DOM's server renderer and Chakra, which take seconds to
 * load: they load in the background, asked for by `warm` once the server listens (or by the first
 * visitor), and until they are there (or if drawing fails) visitors get the usual empty page the
 * scripts fill. Only the production server (main.ts) draws the landing page; tests opt in.
 * The page shows the site's counted figures, kept five minutes (meta/site-figures.ts): it is drawn
 * again when they change, and otherwise served as drawn.
 */
export class LandingPrerender {
  #render: Render | null = null;
  #loading: Promise<void> | null = null;
  #kept: Kept | null = null;
  #drawing: Promise<Kept | null> | null = null;

  constructor(
    private readonly db: Db,
    private readonly load: () => Promise<Render> = async () =>
      (await import('../../client/prerender')).prerenderLanding,
  ) {}

  /** Starts loading the renderer; resolves once it is there (or failed, which is logged). */
  warm(log: FastifyBaseLogger): Promise<void> {
    this.#loading ??= this.load().then(
      (render) => {
        this.#render = render;
      },
      (error: unknown) => {
        log.error({ err: error }, 'landing page renderer failed to load; visitors get the plain page');
      },
    );
    return this.#loading;
  }

  /** The drawn page, or null when it cannot be had at once (renderer loading, drawing failed). */
  async page(origin: string, log: FastifyBaseLogger): Promise<PrerenderedPage | null> {
    if (!this.#render) {
      void this.warm(log);
      return null;
    }
    const figures = await siteFigures(this.db, new Date());
    const figuresJson = JSON.stringify(figures);
    if (this.#kept?.figuresJson === figuresJson) return this.#kept.page;
    // One drawing at a time; visitors meanwhile share it.
    this.#drawing ??= this.#draw(this.#render, origin, figures, figuresJson, log).finally(() => {
      this.#drawing = null;
    });
    return (await this.#drawing)?.page ?? null;
  }

  async #draw(
    render: Render,
    origin: string,
    figures: SiteFiguresDto,
    figuresJson: string,
    log: FastifyBaseLogger,
  ) {
    try {
      const kept = { figuresJson, page: await render(origin, figures) };
      this.#kept = kept;
      return kept;
    } catch (error) {
      log.error({ err: error }, 'drawing the landing page failed; visitors get the plain page');
      return null;
    }
  }
}
