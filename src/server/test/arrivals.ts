/**
 * A test connection's wait for what the other side sends: the connection calls `arrived()` when
 * data comes in and `end()` once the other side is gone, and its readers wait here.
 */
export class Arrivals {
  #ended = false;
  #wake: (() => void) | null = null;

  get ended(): boolean {
    return this.#ended;
  }

  arrived(): void {
    this.#wake?.();
  }

  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  /**
   * The first thing `take` finds among what arrived, or null once the other side ended with nothing
   * left to take; throws after `timeoutMs`, naming `what` it waited for.
   */
  async next<T>(take: () => T | null | undefined, timeoutMs: number, what: string): Promise<T | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = take();
      if (found) return found;
      if (this.#ended) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await this.#sleep(left);
    }
  }

  /** Waits until the other side ends; false if it has not after `timeoutMs`. */
  async endedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.#ended && Date.now() < deadline) {
      await this.#sleep(Math.max(1, deadline - Date.now()));
    }
    return this.#ended;
  }

  /** Until the next arrival or end, or `ms` at most. */
  async #sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = null;
  }
}
