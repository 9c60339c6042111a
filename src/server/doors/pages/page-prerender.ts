import type { FastifyBaseLogger } from 'fastify';
import type { AnswerQuery, MarketplaceFirstData } from '../../../client/prerender';
import type { FirstQuery } from '../../../shared/first-queries';
import type { Language } from '../../../shared/i18n';
import type { UserDto } from '../../../shared/schemas/auth';
import type { SiteFiguresDto } from '../../../shared/schemas/site';
import type { VendorListInput, VendorView } from '../../../shared/schemas/vendors';
import type { DrawnFor, Viewport } from '../../../shared/viewport';
import { siteFigures } from '../../domains/meta/site-figures';
import type { Db } from '../../platform/db/create-db';

/** A page drawn ahead for a visitor: its markup, and the data its first render read. */
export interface PrerenderedPage {
  html: string;
  /** The page's style elements, for its head (the markup names their classes). */
  styles: string;
  /** React Query's dehydrated cache (superjson), for the client to start from the same data. */
  state: string;
  /** The lazily loaded parts drawn, whose code the browser loads before it takes the page over. */
  parts?: string[];
  /** A signed-in page's queries the browser starts as it boots (decision 047). */
  firstQueries?: FirstQuery[];
  /** The window's width a signed-in page was drawn for, which the browser hydrates it in. */
  viewport?: Viewport;
  /** The day (YYYY-MM-DD, where the browser is) a signed-in page was drawn for. */
  today?: string;
  /** The zone a signed-in page's times were drawn in, and the instant it was drawn at (page-clock.ts). */
  zone?: string;
  now?: number;
}

/** The client's drawing functions (src/client/prerender.tsx). */
export interface Renderer {
  landing(origin: string, language: Language, figures: SiteFiguresDto): Promise<PrerenderedPage>;
  vendor(origin: string, language: Language, vendor: VendorView): Promise<PrerenderedPage>;
  marketplace(origin: string, language: Language, data: MarketplaceFirstData): Promise<PrerenderedPage>;
  /** The app's 404 page, as shown at any path it has no page for. */
  notFound(origin: string, language: Language): Promise<PrerenderedPage>;
  /**
   * A signed-in page (its path and query) as `user` first sees it: the frame and the page's content
   * from what `answer` reads for the queries it asks (the skeleton where there is no answer).
   */
  signedIn(
    origin: string,
    pathAndSearch: string,
    language: Language,
    user: UserDto,
    drawnFor: DrawnFor,
    answer?: AnswerQuery,
  ): Promise<PrerenderedPage>;
  /** The input of vendors.list the marketplace asks with when a visitor opens it (page 1). */
  marketplaceListInput: VendorListInput;
}

interface Kept {
  /** The data the page was drawn from: the drawing is reused while the data is the same. */
  dataJson: string;
  page: PrerenderedPage;
}

/**
 * A drawn page and the data it was drawn from, as JSON: the same data draws the same page, but for
 * the time of drawing that its dehydrated state records (what a page's ETag is made from).
 */
export type DrawnPage = PrerenderedPage & { drawnFrom: string };

const drawnPage = (kept: Kept | null | undefined): DrawnPage | null =>
  kept ? { ...kept.page, drawnFrom: kept.dataJson } : null;

export interface PrerenderOptions {
  /** Drawn pages kept, the most recently served first out last. */
  keep?: number;
  /**
   * The share of the server's thread that drawing may take: after a drawing of d ms, pages not kept
   * are left to the browser for d × (1 / share − 1) ms. Drawing runs on the event loop (tens of ms
   * a page), so a crawler walking every listing must not hold up everyone else.
   */
  share?: number;
  now?: () => number;
  /** SITE_FIGURES_MIN: the landing page's figures are shown from this many (see siteFigures). */
  siteFiguresMin?: number;
}

/**
 * Public pages as HTML for visitors, so that they are drawn before any script has arrived; the
 * client then hydrates them (src/client/main.tsx). The landing page (with the site's counted
 * figures) and a vendor's profile (as a visitor sees it) are drawn; any other page, and anyone with a
 * session cookie, gets the empty page the scripts fill.
 *
 * The renderer is the client's own code (src/client/prerender.tsx) and pulls in React DOM's server
 * renderer and Chakra, which take seconds to load, and whose first drawing of a page holds the event
 * loop for a second or two more: the production server (main.ts) loads them and draws the landing
 * page and the marketplace once before it listens (`warmUp`, through static.ts's `warmUpPages`).
 * Anywhere else they load in the background, asked for by `warm` once the server listens (or by the
 * first visitor). Until they are there, when drawing fails, or while drawing has used its share of
 * the thread, visitors get the usual page the scripts fill. Tests opt in.
 *
 * A drawing is kept with the data it was drawn from and served again while that data is the same
 * (the figures are counted every five minutes; a profile is read on every visit, as the browser
 * would read it), up to `keep` pages.
 */
export class PagePrerender {
  #render: Renderer | null = null;
  #loading: Promise<void> | null = null;
  readonly #kept = new Map<string, Kept>();
  readonly #drawing = new Map<string, { done: Promise<Kept | null>; reading: Reading }>();
  /**
   * The renderer's turn: drawings share module state while they render (the formatters' language,
   * the page's clock), so one renders at a time; one waiting for its data gives its turn up.
   */
  readonly #turn = new Turn();
  #restUntil = 0;
  /** While the pages are drawn at start-up: the drawings made, and no share of the thread kept. */
  #warmUp: { key: string; ms: number }[] | null = null;
  readonly #keep: number;
  readonly #share: number;
  readonly #now: () => number;
  readonly #siteFiguresMin: number;

  constructor(
    private readonly db: Db,
    private readonly load: () => Promise<Renderer> = async () => {
      const client = await import('../../../client/prerender');
      return {
        landing: client.prerenderLanding,
        vendor: client.prerenderVendor,
        marketplace: client.prerenderMarketplace,
        notFound: client.prerenderNotFound,
        signedIn: client.prerenderSignedIn,
        marketplaceListInput: client.marketplaceFirstListInput,
      };
    },
    options: PrerenderOptions = {},
  ) {
    this.#keep = options.keep ?? 200;
    this.#share = options.share ?? 0.25;
    this.#now = options.now ?? (() => performance.now());
    this.#siteFiguresMin = options.siteFiguresMin ?? 1;
  }

  /** Starts loading the renderer; resolves once it is there (or failed, which is logged). */
  warm(log: FastifyBaseLogger): Promise<void> {
    this.#loading ??= this.load().then(
      (render) => {
        this.#render = render;
      },
      (error: unknown) => {
        log.error({ err: error }, 'page renderer failed to load; visitors get the plain pages');
      },
    );
    return this.#loading;
  }

  /**
   * Loads the renderer and then runs `drawPages` (which asks for pages as a visitor would), with no
   * limit on the share of the thread: the server calls it before it listens, since the first drawing
   * of a page holds the event loop for a second or two (the renderer's code running for the first
   * time) and a visitor asking meanwhile would wait for it. Says what it did, for the log.
   */
  async warmUp(
    drawPages: () => Promise<unknown>,
    log: FastifyBaseLogger,
  ): Promise<{ loadMs: number; draws: { key: string; ms: number }[] }> {
    const started = this.#now();
    await this.warm(log);
    const loadMs = Math.round(this.#now() - started);
    if (!this.#render) return { loadMs, draws: [] };
    const draws: { key: string; ms: number }[] = [];
    this.#warmUp = draws;
    try {
      await drawPages();
    } finally {
      this.#warmUp = null;
      this.#restUntil = 0;
    }
    return { loadMs, draws };
  }

  /** The landing page drawn in `language`, or null when it cannot be had at once. */
  async landing(origin: string, language: Language, log: FastifyBaseLogger): Promise<DrawnPage | null> {
    if (!this.#ready(log)) return null;
    const figures = await siteFigures(this.db, new Date(), this.#siteFiguresMin);
    return this.#page(`${language}:/`, figures, (render) => render.landing(origin, language, figures), log);
  }

  /** The app's 404 page, the same at every path the app has no page for, drawn, or null. */
  async notFound(origin: string, language: Language, log: FastifyBaseLogger): Promise<DrawnPage | null> {
    if (!this.#ready(log)) return null;
    return this.#page(`${language}:404`, {}, (render) => render.notFound(origin, language), log);
  }

  /** A vendor's profile as a visitor sees it (the answer of vendors.byId), drawn, or null. */
  async vendor(
    origin: string,
    language: Language,
    vendor: VendorView,
    log: FastifyBaseLogger,
  ): Promise<DrawnPage | null> {
    if (!this.#ready(log)) return null;
    return this.#page(
      `${language}:/vendor/${vendor.id}`,
      vendor,
      (render) => render.vendor(origin, language, vendor),
      log,
    );
  }

  /**
   * The marketplace as a visitor first opens it (unfiltered, before their location is known), from
   * what `read` answers for the list's input and the featured vendors, or null.
   */
  async marketplace(
    origin: string,
    language: Language,
    read: (listInput: VendorListInput) => Promise<MarketplaceFirstData>,
    log: FastifyBaseLogger,
  ): Promise<DrawnPage | null> {
    if (!this.#ready(log) || !this.#render) return null;
    const data = await read(this.#render.marketplaceListInput);
    return this.#page(
      `${language}:/marketplace`,
      data,
      (render) => render.marketplace(origin, language, data),
      log,
    );
  }

  /**
   * A signed-in page as `user` first sees it, with what `answer` reads for the queries it asks
   * (the person's own session answering), or null. Drawn for each request and never kept: it
   * carries the person's data, and their next page is the browser's.
   */
  async signedIn(
    origin: string,
    pathAndSearch: string,
    language: Language,
    user: UserDto,
    drawnFor: DrawnFor,
    answer: AnswerQuery | undefined,
    log: FastifyBaseLogger,
  ): Promise<DrawnPage | null> {
    if (!this.#ready(log)) return null;
    return this.#page(
      `${language}:${drawnFor.viewport}:${drawnFor.today}:${user.id}:${pathAndSearch}`,
      user,
      (render, reading) =>
        render.signedIn(
          origin,
          pathAndSearch,
          language,
          user,
          drawnFor,
          answer && reading.waitingFor(answer),
        ),
      log,
      { keep: false },
    );
  }

  /**
   * Whether a vendor's profile asked now could be served drawn: kept from before, or drawn now (the
   * renderer there, its turn free, its share of the thread not spent). Reading the listing counts a
   * visit: a page that then could not be drawn would be read again, and counted again, by the browser.
   */
  mayDrawVendor(language: Language, vendorId: string): boolean {
    if (!this.#render) return false;
    if (this.#kept.has(`${language}:/vendor/${vendorId}`)) return true;
    return !this.#turn.taken && (this.#warmUp !== null || this.#now() >= this.#restUntil);
  }

  #ready(log: FastifyBaseLogger): boolean {
    if (this.#render) return true;
    void this.warm(log);
    return false;
  }

  async #page(
    key: string,
    data: unknown,
    draw: (render: Renderer, reading: Reading) => Promise<PrerenderedPage>,
    log: FastifyBaseLogger,
    { keep = true }: { keep?: boolean } = {},
  ): Promise<DrawnPage | null> {
    const render = this.#render;
    if (!render) return null;
    const dataJson = JSON.stringify(data);
    const kept = keep ? this.#kept.get(key) : undefined;
    if (kept?.dataJson === dataJson) {
      // Most recently served last: the first in the map is the first to go.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return drawnPage(kept);
    }
    // The same page asked again while it is drawn: the visitors share the drawing.
    const pending = this.#drawing.get(key);
    if (pending) return drawnPage(await pending.done);
    // One drawing at a time (one waiting for its data gives up its turn), and no more than its share
    // of the thread.
    if (this.#turn.taken || (!this.#warmUp && this.#now() < this.#restUntil)) return null;
    const reading = new Reading(this.#now, this.#turn);
    const done = this.#draw(key, dataJson, () => draw(render, reading), reading, log, keep).finally(() => {
      this.#drawing.delete(key);
    });
    this.#drawing.set(key, { done, reading });
    return drawnPage(await done);
  }

  async #draw(
    key: string,
    dataJson: string,
    draw: () => Promise<PrerenderedPage>,
    reading: Reading,
    log: FastifyBaseLogger,
    keep: boolean,
  ): Promise<Kept | null> {
    const started = this.#now();
    try {
      const kept = { dataJson, page: await draw() };
      if (!keep) return kept;
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      while (this.#kept.size > this.#keep) {
        const oldest = this.#kept.keys().next().value;
        if (oldest === undefined) break;
        this.#kept.delete(oldest);
      }
      return kept;
    } catch (error) {
      log.error({ err: error }, `drawing ${key} failed; visitors get the plain page`);
      return null;
    } finally {
      reading.done();
      // The drawing's own time: not the time it waited for its data.
      const took = this.#now() - started - reading.waitedMs;
      if (this.#warmUp) this.#warmUp.push({ key, ms: Math.round(took) });
      else this.#restUntil = Math.max(this.#restUntil, this.#now() + took * (1 / this.#share - 1));
    }
  }
}

/**
 * The renderer's one turn (PagePrerender's #turn): taken at once when free, else waited for in order.
 */
class Turn {
  #taken = false;
  readonly #waiting: (() => void)[] = [];

  get taken(): boolean {
    return this.#taken;
  }

  take(): Promise<void> {
    if (!this.#taken) {
      this.#taken = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#taken = false;
  }
}

/**
 * A drawing's reads of its data (a signed-in page's answers) and its turn at the renderer: it holds
 * the turn from its start, gives it up while it waits for answers (another page may be drawn then),
 * and waits for it again before drawing with them. How long it waited in all, answers waited for
 * together counted once, is not the drawing's own time.
 */
class Reading {
  #open = 0;
  #since = 0;
  #holds = true;
  waitedMs = 0;

  constructor(
    private readonly now: () => number,
    private readonly turn: Turn,
  ) {
    void turn.take();
  }

  get waiting(): boolean {
    return this.#open > 0;
  }

  waitingFor(answer: AnswerQuery): AnswerQuery {
    return async (path, input) => {
      if (this.#open++ === 0) {
        this.#since = this.now();
        this.#holds = false;
        this.turn.give();
      }
      try {
        return await answer(path, input);
      } finally {
        if (--this.#open === 0) {
          await this.turn.take();
          this.#holds = true;
          this.waitedMs += this.now() - this.#since;
        }
      }
    };
  }

  /** The drawing is over: its turn goes to the next. */
  done(): void {
    if (!this.#holds) return;
    this.#holds = false;
    this.turn.give();
  }
}
