/** Timings and limits the spec fixes (§9). */
export const redirectDelayMs = 2000;
/** Lazy script chunks give up after two minutes. */
export const chunkTimeoutMs = 120_000;
/** Header layout switch: sidebar toggle above this width, menu opener at or below. */
export const narrowScreenMaxWidth = 992;
export const wideScreenQuery = `(min-width:${narrowScreenMaxWidth + 1}px)`;
/** Upload indicator closes this long after the images list refreshes. */
export const uploadFinishDelayMs = 200;
