import { LRUCache } from 'lru-cache';
import { counterNames, readCounters } from '../../db/counters';
import type { Db } from '../../db/create-db';
import { cacheClock, isFresh, type Stamp, stampOf, type WriteEpoch } from '../../lib/write-epoch';

/**
 * How much finished answer text is kept (characters; V8 keeps Latin-1 text one byte each): a
 * bound on memory, not on a count, because one answer may be a 20-product page (a few KB) or a
 * 10,000-product page (megabytes).
 */
const defaultMaxChars = 8 * 1024 * 1024;
/** A single answer bigger than maxChars/16 (a 10,000-product page) is never kept: it would push out the rest. */
const maxAnswerShare = 16;
/**
 * A kept answer is made again once this old, even if the catalogue version did not move. The
 * version is what retires answers (every product write moves it); this only bounds how long
 * one could outlive a change that did not (rows edited by hand in SQL), at the cost of making
 * each page again once every five minutes.
 */
export const answerTtlMs = 5 * 60_000;

/** A fetch's context: the caller's own way to make the answer. */
type Make = () => Promise<string>;
type Answers = LRUCache<string, string, Make>;

function newAnswers(maxChars: number): Answers {
  return new LRUCache<string, string, Make>({
    maxSize: maxChars,
    sizeCalculation: (text) => Math.max(1, text.length),
    maxEntrySize: Math.max(1, Math.floor(maxChars / maxAnswerShare)),
    ttl: answerTtlMs,
    // The clock is read at each check (not remembered for a millisecond behind a timer).
    ttlResolution: 0,
    perf: cacheClock,
    // fetch() runs one make() per missing key; its concurrent callers wait for that one.
    fetchMethod: (_key, _stale, { context }) => context(),
    // An answer being made takes no room until it is made.
    backgroundFetchSize: 0,
    // A make() whose key is pushed out (or whose version is dropped) while it runs still
    // answers its callers, instead of failing them.
    ignoreFetchAbort: true,
  });
}

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
 * - The count and version are read from the counters at most once a `recheckMs`, at once
 *   after a write in this process (see write-epoch.ts), and at once when a request observed a
 *   newer version (observe(): on PostgreSQL every request reads it with its session): a
 *   product saved on any server shows on the next page anyone asks for, on any server.
 * - The answers are an lru-cache sized by text length: a new version drops every kept answer;
 *   over `maxChars` the least recently used go first; one older than `answerTtlMs` is made again.
 * - Concurrent requests for the same missing answer share one make(), so one database read
 *   (lru-cache's fetch()), as concurrent `current()` calls share one counters read.
 */
export class CatalogueCache {
  private state: { stamp: Stamp; observed: number; value: Promise<CatalogueState> } | undefined;
  /** The newest catalogue version a request has seen in the database (observe()). */
  private observed = 0;
  private answersVersion = -1;
  private answers: Answers;

  constructor(
    private readonly db: Db,
    private readonly epoch: WriteEpoch,
    private readonly maxChars = defaultMaxChars,
  ) {
    this.answers = newAnswers(maxChars);
  }

  /**
   * A request read the catalogue's version in the database (with its session, on every request
   * on PostgreSQL): a newer one than the kept state's means another server changed the
   * catalogue, and the state is read again before this request uses it. Nothing waits for a
   * message from the other server, so there is no window in which its change is unseen.
   */
  observe(version: number): void {
    if (version > this.observed) this.observed = version;
  }

  /** The catalogue's count and version, read again when no longer fresh. */
  current(): Promise<CatalogueState> {
    // Fresh: young, no write here since, and read after the newest version any request observed.
    if (this.state && isFresh(this.state.stamp, this.epoch) && this.state.observed >= this.observed)
      return this.state.value;
    const stamp = stampOf(this.epoch);
    const value = readCounters(this.db, [counterNames.products, counterNames.productsVersion]).then(
      ([count, version]) => ({ count: count ?? 0, version: version ?? 0 }),
    );
    const state = { stamp, observed: this.observed, value };
    this.state = state;
    // A failed read is not remembered.
    value.catch(() => {
      if (this.state === state) this.state = undefined;
    });
    return value;
  }

  /** The answer for `key` at `version`: kept, being made, or made now by `make` (and kept when `keep`). */
  async answer(key: string, version: number, make: Make, keep = true): Promise<string> {
    if (!keep) return make();
    // A caller still holding an older version (its read began before a newer one) is answered
    // but changes nothing: versions only grow.
    if (version < this.answersVersion) return make();
    if (version > this.answersVersion) {
      // A new cache for the new version. The old one is emptied (its texts freed at once) and
      // dropped; its makes still running finish into it, so are never kept for the new version.
      this.answers.clear();
      this.answers = newAnswers(this.maxChars);
      this.answersVersion = version;
    }
    // fetch(), rejecting rather than answering undefined (never the case here: make() answers
    // a string). A failed make() is not kept: fetch() drops it, and the next call makes again.
    return this.answers.forceFetch(key, { context: make });
  }
}
