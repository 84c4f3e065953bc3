import { counterNames, readCounters } from '../../db/counters';
import type { Db } from '../../db/create-db';
import { isFresh, type Stamp, stampOf, type WriteEpoch } from '../../lib/write-epoch';

/** How much finished answer text is kept (characters; V8 keeps Latin-1 text one byte each). */
const defaultMaxChars = 8 * 1024 * 1024;
/** A single answer bigger than this (a 10,000-product page) is never kept. */
const maxAnswerShare = 16;

export interface CatalogueState {
  /** Products in the catalogue. */
  count: number;
  /** Moved by every write that changes what a product answer shows (counters `products:version`). */
  version: number;
}

/**
 * The product list and search answers, kept as the finished JSON text the client receives,
 * for the catalogue version they were made from. The first page of a big shop is asked for
 * far more often than the catalogue changes; once made, a page costs a map lookup.
 *
 * - The count and version are read from the counters at most once a `recheckMs`, or at once
 *   after a write in this process (see write-epoch.ts): a product saved here shows on the
 *   next page its writer asks for; one saved by another process within a second.
 * - A new version drops every kept answer; the least recently used go first when over the size.
 * - Concurrent requests for the same missing answer share one database read.
 */
export class CatalogueCache {
  private state: { stamp: Stamp; value: Promise<CatalogueState> } | undefined;
  private answersVersion = -1;
  private readonly answers = new Map<string, string>();
  private readonly pending = new Map<string, Promise<string>>();
  private chars = 0;

  constructor(
    private readonly db: Db,
    private readonly epoch: WriteEpoch,
    private readonly maxChars = defaultMaxChars,
  ) {}

  /** The catalogue's count and version, read again when no longer fresh. */
  current(): Promise<CatalogueState> {
    if (this.state && isFresh(this.state.stamp, this.epoch)) return this.state.value;
    const stamp = stampOf(this.epoch);
    const value = readCounters(this.db, [counterNames.products, counterNames.productsVersion]).then(
      ([count, version]) => ({ count: count ?? 0, version: version ?? 0 }),
    );
    const state = { stamp, value };
    this.state = state;
    // A failed read is not remembered.
    value.catch(() => {
      if (this.state === state) this.state = undefined;
    });
    return value;
  }

  /** The answer for `key` at `version`: kept, being made, or made now by `make` (and kept when `keep`). */
  async answer(key: string, version: number, make: () => Promise<string>, keep = true): Promise<string> {
    if (!keep) return make();
    // A caller still holding an older version (its read began before a newer one) is answered
    // but changes nothing: versions only grow.
    if (version < this.answersVersion) return make();
    if (version > this.answersVersion) {
      this.answers.clear();
      this.pending.clear();
      this.chars = 0;
      this.answersVersion = version;
    }
    const kept = this.answers.get(key);
    if (kept !== undefined) {
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept;
    }
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const made = make();
    this.pending.set(key, made);
    try {
      const text = await made;
      if (this.answersVersion === version && text.length <= this.maxChars / maxAnswerShare) this.keep(key, text);
      return text;
    } finally {
      if (this.pending.get(key) === made) this.pending.delete(key);
    }
  }

  private keep(key: string, text: string) {
    const old = this.answers.get(key);
    if (old !== undefined) this.chars -= old.length;
    this.answers.delete(key);
    this.answers.set(key, text);
    this.chars += text.length;
    for (const [oldKey, oldText] of this.answers) {
      if (this.chars <= this.maxChars) break;
      this.answers.delete(oldKey);
      this.chars -= oldText.length;
    }
  }
}
