/**
 * Answers remembered for one version of the vendors table: an entry is used only while the table
 * still has the version it was computed at, so a listing change reaches every answer at once; and
 * for at most a minute in any case. The least recently used entries go first when it is full.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { value: V; version: string; at: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs = 60_000,
  ) {}

  get(key: string, version: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version || now - entry.at > this.maxAgeMs) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, version: string, value: V, now = Date.now()): void {
    if (this.maxEntries === 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, version, at: now });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** The answer kept for the key at this version, or else the computed one, kept. */
  async getOrCompute(key: string, version: string, compute: () => Promise<V>): Promise<V> {
    const known = this.get(key, version);
    if (known !== undefined) return known;
    const value = await compute();
    this.set(key, version, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
