import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerBufferBytes, answerBuffers, finishBytes, insertInText } from './finish';

const insertion = { find: '"/uploads/', when: ':,[', insert: 'http://shop.example:8080/$1' };
/** The rule as a regular expression, written independently of finish.ts. */
const byRegExp = (text: string) =>
  text.replace(/([:,[])"\/uploads\//g, (_, before: string) => `${before}"http://shop.example:8080/$1/uploads/`);

describe('insertions in list page answers', () => {
  const tricky = [
    '',
    '"/uploads/a.jpg"',
    '["/uploads/a.jpg","/uploads/b.webp"]',
    '{"d":"see \\"/uploads/x\\" and :\\"/uploads/","i":["/uploads/é€.png"]}',
    'ünïcödé ,"/uploads/ at the end:"/uploads/',
    '::"/uploads/"/uploads/[[["/uploads/',
  ];

  it('makes the same text as the rule written as a regular expression', () => {
    for (const text of tricky) expect(insertInText(text, insertion)).toBe(byRegExp(text));
    const pieces = fc.constantFrom('"/uploads/', '"', ':', ',', '[', '\\', '/', 'uploads', 'é', '€', 'a', ' ');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(insertInText(text, insertion)).toBe(byRegExp(text));
      }),
    );
  });

  it('makes the same answer from UTF-8 bytes as from the text', () => {
    const finish = { column: 'texts', before: '{"products":[', after: '],"page":2}', insertion };
    for (const text of tricky) {
      const made = finishBytes(Buffer.from(text), finish);
      expect(made.toString('utf8')).toBe(`{"products":[${byRegExp(text)}],"page":2}`);
    }
  });

  it('puts text that is not plain ASCII around and into the answer as UTF-8', () => {
    const wide = { find: '"/uploads/', when: ':,[', insert: 'http://bücher.example:8080' };
    const finish = { column: 'texts', before: '{"pré":[', after: '],"page":"€\t"}', insertion: wide };
    const made = finishBytes(Buffer.from('["/uploads/é.png"]'), finish);
    expect(made.toString('utf8')).toBe('{"pré":[["http://bücher.example:8080/uploads/é.png"]],"page":"€\t"}');
  });

  it('reads bytes from inside a larger buffer and answers with a buffer of its own', () => {
    const finish = { column: 'texts', before: '[', after: ']', insertion };
    const big = Buffer.from('xxxx"/uploads/a",["/uploads/b"]yyyy');
    const made = finishBytes(big.subarray(4, big.length - 4), finish);
    expect(made.toString()).toBe('["/uploads/a",["http://shop.example:8080/$1/uploads/b"]]');
    // Small answers too: never a slice of Node's shared pool (the SQLite reader hands the memory over).
    expect(made.byteOffset).toBe(0);
    expect(made.buffer.byteLength).toBe(made.length);
  });

  it('writes into a lent buffer when the answer fits, and into its own when not', () => {
    const finish = { column: 'texts', before: '[', after: ']', insertion };
    const into = new ArrayBuffer(64);
    const small = finishBytes(Buffer.from('"/uploads/a"'), finish, into);
    expect(small.buffer).toBe(into);
    expect(small.toString()).toBe('["/uploads/a"]');
    const big = finishBytes(Buffer.from(`"${'x'.repeat(100)}"`), finish, into);
    expect(big.buffer).not.toBe(into);
    expect(big.length).toBe(104);
  });

  it('pools answer buffers: taken, held by an answer, given back once, and reused', () => {
    const buffer = answerBuffers.take();
    expect(buffer.byteLength).toBe(answerBufferBytes);
    const answer = Buffer.from(buffer, 0, 10);
    expect(answerBuffers.holds(answer)).toBe(true);
    expect(answerBuffers.holds(Buffer.alloc(10))).toBe(false);
    answerBuffers.give(answer.buffer);
    answerBuffers.give(answer.buffer);
    expect(answerBuffers.holds(answer)).toBe(false);
    expect(answerBuffers.take()).toBe(buffer);
    expect(answerBuffers.take()).not.toBe(buffer);
  });
});
