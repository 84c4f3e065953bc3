/**
 * Text put into an answer after the first character of every `find` (a literal) whose
 * previous character is one of `when`: how stored image paths become absolute URLs
 * (image-urls.ts). Plain searches, so the same rule runs on text and on UTF-8 bytes.
 */
export interface Insertion {
  find: string;
  when: string;
  insert: string;
}

/**
 * A list page's answer made straight from its read's one row, as UTF-8 bytes: `before` + the
 * text in `column` with the insertion made + `after`. The row comes as bytes (the PostgreSQL
 * page reader, the SQLite reader thread), and the page is never decoded from UTF-8 nor
 * encoded into it again (see finishBytes).
 */
export interface Finish {
  column: string;
  before: string;
  after: string;
  insertion: Insertion;
}

/**
 * `insertion` made in a text: a JavaScript string, or UTF-8 bytes read as Latin-1 (one
 * character a byte; see finishBytes). `find` and `when` are ASCII, `find` at least two
 * characters. The search looks for `find` without its first character (`/uploads/`: a quote,
 * the first character, is in every JSON value, a slash rarely), then checks the two characters
 * before: V8's string search costs little per call (a Buffer's sets up its search each time).
 *
 * Self-contained (globals only): the SQLite reader thread runs this very function's source.
 */
export function insertInText(text: string, insertion: Insertion): string {
  const { find, when, insert } = insertion;
  const first = find.charCodeAt(0);
  const rest = find.slice(1);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(rest, 2); at !== -1; at = text.indexOf(rest, at + 1)) {
    if (text.charCodeAt(at - 1) === first && when.includes(text.charAt(at - 2))) {
      out += text.slice(from, at) + insert;
      from = at;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The finished answer from the column's UTF-8 bytes: written into `into` when it fits (a
 * reusable buffer, see answerBuffers), otherwise into a buffer of its own (never a slice of
 * Node's shared pool, so its memory can be handed to another thread). The bytes are read as
 * Latin-1 (no decoding), the insertion made there (insertInText), and the answer written back
 * byte for byte. ~12 µs for a 23 KB page.
 *
 * Globals and insertInText only: the SQLite reader thread runs this very function's source.
 */
export function finishBytes(text: Uint8Array, finish: Finish, into?: ArrayBuffer): Buffer {
  // A printable ASCII text reads the same as its UTF-8 bytes in Latin-1 (the page's parts, the origin).
  const latin1 = (value: string) => (/[^ -~]/.test(value) ? Buffer.from(value).toString('latin1') : value);
  const chars = Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('latin1');
  const insertion = { ...finish.insertion, insert: latin1(finish.insertion.insert) };
  const out = latin1(finish.before) + insertInText(chars, insertion) + latin1(finish.after);
  const answer =
    into && into.byteLength >= out.length ? Buffer.from(into, 0, out.length) : Buffer.allocUnsafeSlow(out.length);
  answer.write(out, 0, 'latin1');
  return answer;
}

/** Size of a reusable answer buffer: a 25-product page is ~25 KB; a bigger answer gets memory of its own. */
export const answerBufferBytes = 64 * 1024;
/** Free buffers kept (4 MB): more than the answers in flight at 50 concurrent requests. */
const keptAnswerBuffers = 64;

/**
 * Reusable memory for finished list pages (main thread). A dead Buffer's memory is freed only
 * at the heap's next garbage collection, and V8 lets tens of MB of such memory build up before
 * it collects: at several thousand pages a second that held 50–65 MB more resident memory
 * (the malloc arenas grow to the peak and keep it). Instead an answer is written into a buffer
 * taken here (by the PostgreSQL page reader, or lent to the SQLite reader thread and handed
 * back with the answer), and given back once its response has gone to the socket
 * (products.routes.ts): the same few buffers serve every page.
 */
export const answerBuffers = {
  free: [] as ArrayBuffer[],
  /** Buffers of this pool (an answer written elsewhere is not one, nor is a buffer lent to another thread). */
  mine: new WeakSet<ArrayBuffer>(),
  take(): ArrayBuffer {
    const buffer = this.free.pop() ?? new ArrayBuffer(answerBufferBytes);
    this.mine.add(buffer);
    return buffer;
  },
  /** A buffer lent to a thread came back (a transferred buffer arrives as a new object). */
  adopt(buffer: ArrayBuffer): void {
    if (buffer.byteLength === answerBufferBytes) this.mine.add(buffer);
  },
  /** Whether this answer lies in one of the pool's buffers. */
  holds(answer: Buffer): boolean {
    return this.mine.has(answer.buffer as ArrayBuffer);
  },
  /** Back to the pool; the caller no longer touches the buffer. */
  give(buffer: ArrayBufferLike): void {
    if (!(buffer instanceof ArrayBuffer) || !this.mine.has(buffer)) return;
    this.mine.delete(buffer);
    if (buffer.byteLength === answerBufferBytes && this.free.length < keptAnswerBuffers) this.free.push(buffer);
  },
};
