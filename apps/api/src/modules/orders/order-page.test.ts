import { createRequire } from 'node:module';
import path from 'node:path';
import { invoiceNumberHeader, orderPageMessages } from '@shopdesk/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, orderBody, orderLine } from '../../../test/catalogue-fixtures';
import { createPair, type Pair } from '../../../test/server-pair';
import { bearer, createAdmin, createTestApp, engineName, signIn, type TestApp } from '../../../test/test-app';

const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The words a reader of the PDF sees, page by page, joined (read with Mozilla's pdf.js). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl }).promise;
  const words: string[] = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) if ('str' in item) words.push(item.str);
  }
  return words.join(' ');
}

describe(`an order's timeline and notes (api.md §15, ${engineName})`, () => {
  let t: TestApp;
  let owner: string;
  let orderId: string;
  beforeEach(async () => {
    t = await createTestApp();
    owner = await signIn(t);
    const category = await createCategory(t, owner, 'Phones');
    const product = await createProduct(t, owner, category.id, { name: 'Pixel' });
    orderId = (await createOrder(t, owner, [orderLine(product.id, 2)])).id;
  });
  afterEach(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const timeline = async () => {
    const res = await call(owner, 'GET', `/api/orders/${orderId}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { kind: string; text: string; from: string | null; to: string | null; actor: unknown }[];
  };

  it('shows the order placed, each status change with who and when, edits and notes, oldest first', async () => {
    const order = (await call(owner, 'GET', `/api/orders/${orderId}`)).json();
    const confirm = await call(owner, 'PUT', `/api/orders/${orderId}`, { ...order, status: 'confirm' });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const note = await call(owner, 'POST', `/api/orders/${orderId}/notes`, { text: '  Call before delivery  ' });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({ kind: 'note', text: 'Call before delivery' });
    const edit = await call(owner, 'PUT', `/api/orders/${orderId}`, {
      ...order,
      status: 'confirm',
      address: '1 New St',
    });
    expect(edit.statusCode).toBe(200);

    const owners = { id: expect.any(String), name: expect.any(String), email: 'owner@shop.test' };
    expect(await timeline()).toEqual([
      expect.objectContaining({ kind: 'created', text: orderPageMessages.placed, actor: owners }),
      expect.objectContaining({ kind: 'status', from: 'pending', to: 'confirm', actor: owners }),
      expect.objectContaining({ kind: 'note', text: 'Call before delivery', actor: owners }),
      expect.objectContaining({ kind: 'edit', text: 'Changed address', actor: owners }),
    ]);
  });

  it('refuses an empty or too long note, and a note from someone without orders:write', async () => {
    for (const [text, msg] of [
      ['   ', orderPageMessages.noteText],
      ['x'.repeat(2001), orderPageMessages.noteTooLong],
    ] as const) {
      const res = await call(owner, 'POST', `/api/orders/${orderId}/notes`, { text });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    const editor = await createAdmin(t, 'editor@shop.test');
    const ownerId = (await call(owner, 'GET', '/api/staff')).json() as { id: string; email: string }[];
    const editorId = ownerId.find((member) => member.email === 'editor@shop.test')?.id;
    expect((await call(owner, 'PUT', `/api/staff/${editorId}`, { role: 'editor' })).statusCode).toBe(200);
    const refused = await call(editor.token, 'POST', `/api/orders/${orderId}/notes`, { text: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect((await call(owner, 'POST', '/api/orders/none/notes', { text: 'Hi' })).statusCode).toBe(404);
    expect((await timeline()).map((entry) => entry.kind)).toEqual(['created']);
  });

  it('prints the invoice with its number, given once and kept on the order', async () => {
    const first = await call(owner, 'GET', `/api/orders/${orderId}/invoice.pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers[invoiceNumberHeader.toLowerCase()]).toBe('1');
    const text = await pdfText(first.rawPayload);
    expect(text).toContain('Invoice number: 1');
    expect(text).toContain('Ravi Kumar');
    expect(text).toContain('Item   2   Rs 19,999   Rs 39,998');
    expect(text).toContain('Total: Rs 39,998');
    const again = await call(owner, 'GET', `/api/orders/${orderId}/invoice.pdf`);
    expect(again.headers[invoiceNumberHeader.toLowerCase()]).toBe('1');
    expect((await call(owner, 'GET', `/api/orders/${orderId}`)).json().invoiceNumber).toBe(1);
    expect((await call(owner, 'GET', '/api/orders/none/invoice.pdf')).statusCode).toBe(404);
    expect((await timeline()).map((entry) => entry.text)).toEqual([orderPageMessages.placed, 'Invoice 1 issued']);
  });

  it('prints names beyond Latin-1 (an embedded font) and reprints an edited order with the same number', async () => {
    const order = (await call(owner, 'GET', `/api/orders/${orderId}`)).json();
    expect((await call(owner, 'GET', `/api/orders/${orderId}/invoice.pdf`)).headers['x-invoice-number']).toBe('1');
    const renamed = await call(owner, 'PUT', `/api/orders/${orderId}`, { ...order, name: 'Łukasz Żółć Ωμέγα' });
    expect(renamed.statusCode).toBe(200);
    const again = await call(owner, 'GET', `/api/orders/${orderId}/invoice.pdf`);
    expect(again.headers['x-invoice-number']).toBe('1');
    expect(await pdfText(again.rawPayload)).toContain('Łukasz Żółć Ωμέγα');
  });

  it("prints India's scripts in their own fonts (Devanagari, Tamil, Gurmukhi), beside Latin text", async () => {
    const order = (await call(owner, 'GET', `/api/orders/${orderId}`)).json();
    const renamed = await call(owner, 'PUT', `/api/orders/${orderId}`, {
      ...order,
      name: 'राम कुमार',
      address: '12 Anna Salai, சென்னை; ਪੰਜਾਬ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const invoice = await call(owner, 'GET', `/api/orders/${orderId}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    // Each script's run is a text item of its own; a vowel sign drawn before its consonant
    // (Tamil's ெ) is read in drawing order, so only words without one are compared here.
    expect(text).toMatch(/राम\s+कुमार/);
    expect(text).toContain('12 Anna Salai,');
    expect(text).toContain('Total: Rs 39,998');
    // The fonts the PDF embeds (pdfkit names each subset TAG+PostScript name, in the clear).
    const fonts = new Set(invoice.rawPayload.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g));
    const families = [...fonts].map((font) => font.replace(/^\/BaseFont \/[A-Z]{6}\+/, '').replace(/-.*/, ''));
    expect(new Set(families)).toEqual(new Set(['NotoSansDevanagari', 'NotoSansTamil', 'NotoSansGurmukhi']));
  });

  it('still prints the invoice when a name has marks fontkit cannot lay out (in DejaVu Sans, not a 500)', async () => {
    const order = (await call(owner, 'GET', `/api/orders/${orderId}`)).json();
    // Malayalam's rare vertical-bar virama (U+0D3B) after a consonant: fontkit 2.0 throws on it.
    const renamed = await call(owner, 'PUT', `/api/orders/${orderId}`, { ...order, name: 'Ravi \u0d33\u0d3b' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const invoice = await call(owner, 'GET', `/api/orders/${orderId}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    expect(await pdfText(invoice.rawPayload)).toContain('Total: Rs 39,998');
    const fonts = invoice.rawPayload.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    expect(new Set(fonts.map((font) => font.replace(/^\/BaseFont \/[A-Z]{6}\+/, '').replace(/-.*/, '')))).toEqual(
      new Set(['DejaVuSans']),
    );
  });
});

describe(`invoice numbers under concurrency: two servers, 200 requests (${engineName})`, () => {
  let pair: Pair;
  let token: string;
  const orderIds: string[] = [];
  beforeAll(async () => {
    pair = await createPair();
    token = await signIn(pair.t);
    const category = await createCategory(pair.t, token, 'Phones');
    const product = await createProduct(pair.t, token, category.id);
    for (let i = 0; i < 40; i += 1) {
      const res = await pair.A({
        method: 'POST',
        url: '/api/orders/create',
        headers: bearer(token),
        payload: orderBody([orderLine(product.id, 1)], { name: `Customer ${i}` }),
      });
      orderIds.push(res.json().id);
    }
  });
  afterAll(() => pair.close());

  it('gives 40 orders the numbers 1 to 40, each once, whichever server each of 200 requests reaches', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const server = i % 2 === 0 ? pair.A : pair.B;
        const orderId = orderIds[i % orderIds.length] ?? '';
        return server({ method: 'GET', url: `/api/orders/${orderId}/invoice.pdf`, headers: bearer(token) }).then(
          (res) => ({
            orderId,
            status: res.statusCode,
            number: Number(res.headers[invoiceNumberHeader.toLowerCase()]),
          }),
        );
      }),
    );
    expect(answers.filter((answer) => answer.status !== 200).slice(0, 3)).toEqual([]);
    const numberOf = new Map<string, number>();
    for (const { orderId, number } of answers) {
      // Every request for one order got that order's one number.
      expect(numberOf.get(orderId) ?? number, orderId).toBe(number);
      numberOf.set(orderId, number);
    }
    expect([...numberOf.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
