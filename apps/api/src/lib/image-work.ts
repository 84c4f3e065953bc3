import pLimit, { type LimitFunction } from 'p-limit';

/**
 * At most `concurrency` images decoded and encoded at once (IMAGE_CONCURRENCY), the rest wait
 * in line. Decoding is where an upload's memory goes (libvips holds up to a whole image's
 * pixels), so this is what bounds the server's memory under parallel uploads. p-limit
 * (sindresorhus) is the small, well-kept queue made for exactly this.
 */
export class ImageWork {
  readonly #limit: LimitFunction;
  /** The most jobs that ever ran at once (tests and the memory script read it). */
  peak = 0;

  constructor(concurrency: number) {
    this.#limit = pLimit(concurrency);
  }

  get concurrency(): number {
    return this.#limit.concurrency;
  }

  get running(): number {
    return this.#limit.activeCount;
  }

  get waiting(): number {
    return this.#limit.pendingCount;
  }

  run<T>(job: () => Promise<T>): Promise<T> {
    return this.#limit(() => {
      this.peak = Math.max(this.peak, this.#limit.activeCount);
      return job();
    });
  }
}
