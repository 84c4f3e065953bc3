import net from 'node:net';

/** One slot of the ring: room for many list pages (~23 KB each) and their reads. */
export const ringSlotBytes = 512 * 1024;
/** A read gets at least this much room; with less left in a slot, the next slot takes over. */
const minReadBytes = 64 * 1024;
const ringSlots = 2;

/** The length of the protocol message starting at `at` (a type byte, then a 32-bit length that counts itself). */
const messageLength = (bytes: Buffer, at: number) => bytes.readUInt32BE(at + 1) + 1;

/** Where the last whole message of the PostgreSQL protocol in `bytes[from, to)` ends. */
export function wholeMessagesEnd(bytes: Buffer, from: number, to: number): number {
  let at = from;
  while (to - at >= 5 && to - at >= messageLength(bytes, at)) at += messageLength(bytes, at);
  return at;
}

/**
 * A TCP connection to PostgreSQL whose reads go into a ring of two large buffers, reused, and
 * reach its 'data' listeners as views of them, in whole messages only. For the page reader
 * (create-db.ts hotRead): at several thousand list pages a second (a ~23 KB row each) Node's
 * own reads (a new buffer each) and postgres.js joining a row that spans reads (another) were
 * hundreds of MB a second of memory outside V8's heap, which V8 answers with a full garbage
 * collection every ~300 ms (the main thread paused, its marking threads busy).
 *
 * A read appends to the current slot; the whole messages received so far go to the listeners
 * at once, and an unfinished one waits for the next read, in place. When a slot has little
 * room left, its unfinished tail is copied to the start of the other slot and reads go on
 * there. postgres.js handles whole messages at once and keeps none of them: the answers made
 * from a read's rows are copied out in the microtasks Node runs right after each read's
 * callback, before the next read, long before a slot comes round again. A message larger than
 * a slot (a page of thousands of products) goes to the listeners in copies, piece by piece,
 * which postgres.js joins as usual.
 *
 * Returned at once, still connecting: postgres.js writes its first message (kept until the
 * connection is up) and sees a failure to connect as on its own sockets (an 'error', then
 * 'close'), within its own connect timeout.
 */
export function ringSocket(host: string, port: number): net.Socket {
  const ring = Array.from({ length: ringSlots }, () => Buffer.allocUnsafeSlow(ringSlotBytes));
  let slot = 0;
  /** Received and not yet given to the listeners: [start, end) of the current slot. */
  let start = 0;
  let end = 0;
  /** Bytes still to come of a message larger than a slot (given on in copies). */
  let oversize = 0;
  const current = () => ring[slot] as Buffer;

  const room = (): Buffer => {
    if (ringSlotBytes - end >= minReadBytes) return current().subarray(end);
    const tail = current().subarray(start, end);
    slot = (slot + 1) % ringSlots;
    tail.copy(current(), 0);
    end -= start;
    start = 0;
    return current().subarray(end);
  };

  const socket: net.Socket = net.connect({
    host,
    port,
    onread: {
      buffer: room,
      callback: (bytes: number) => {
        end += bytes;
        const buffer = current();
        if (oversize > 0) {
          const piece = Math.min(oversize, end - start);
          socket.emit('data', Buffer.from(buffer.subarray(start, start + piece)));
          oversize -= piece;
          start += piece;
        }
        const whole = wholeMessagesEnd(buffer, start, end);
        if (whole > start) socket.emit('data', buffer.subarray(start, whole));
        start = whole;
        if (end - start >= 5 && messageLength(buffer, start) > ringSlotBytes - minReadBytes) {
          // Larger than a slot: what there is now, then the rest as it comes, in copies.
          socket.emit('data', Buffer.from(buffer.subarray(start, end)));
          oversize = messageLength(buffer, start) - (end - start);
          start = end;
        }
        if (start === end) start = end = 0;
        return true;
      },
    },
  });
  socket.setNoDelay(true);
  return socket;
}
