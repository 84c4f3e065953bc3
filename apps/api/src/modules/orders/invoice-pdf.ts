import { createRequire } from 'node:module';
import type { Order } from '@shopdesk/contract';

/**
 * The invoice as a PDF, drawn with pdfkit (the well-kept PDF library for Node: text, fonts and
 * simple tables, streamed). PDF's built-in Helvetica prints Latin-1; an invoice with other
 * letters (a customer's name in Devanagari or Cyrillic, say) is set in DejaVu Sans, bundled from
 * npm (`dejavu-fonts-ttf`). Embedding a font costs ~35 ms a document against ~5 ms for
 * Helvetica, so it is used only where it is needed. pdfkit (with fontkit and its font tables) loads
 * with the first invoice, not with the server (its memory at rest: docs/architecture.md).
 */
const require = createRequire(import.meta.url);
const dejaVu = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
const helvetica = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
/** Printable in the built-in fonts' encoding (WinAnsi: ASCII and Latin-1's letters). */
const builtInPrintable = /^[\n\x20-\x7e\xa0-\xff]*$/;

/** Indian digit grouping, with the spec's "Rs" before the amount. */
const money = (amount: number) => `Rs ${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;

export interface InvoiceFacts {
  order: Order;
  invoiceNumber: number;
  /** The day this copy was made (YYYY-MM-DD). */
  issuedAt: string;
}

let pdfkitLoaded: Promise<typeof import('pdfkit')> | undefined;

export async function invoicePdf({ order, invoiceNumber, issuedAt }: InvoiceFacts): Promise<Buffer> {
  pdfkitLoaded ??= import('pdfkit').then((module) => module.default);
  const PDFDocument = await pdfkitLoaded;
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoiceNumber}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const texts = [order.name, order.address, order.pincode, order.phoneNumber, order.email, order.paymentId, order.id];
  const fonts = [...texts, ...order.products.map((line) => line.productTitle)].every((text) =>
    builtInPrintable.test(text),
  )
    ? helvetica
    : dejaVu;
  doc.registerFont('regular', fonts.regular).registerFont('bold', fonts.bold);

  doc.font('bold').fontSize(20).text('Invoice', { align: 'right' });
  doc.font('regular').fontSize(10).text(`Invoice number: ${invoiceNumber}`, { align: 'right' });
  doc.text(`Date: ${issuedAt}`, { align: 'right' });
  doc.text(`Order: ${order.id}`, { align: 'right' });
  doc.text(`Paymant Id: ${order.paymentId}`, { align: 'right' });
  doc.moveDown(2);

  doc.font('bold').fontSize(11).text('Bill to');
  doc.font('regular').fontSize(10);
  for (const line of texts.slice(0, 5)) {
    if (line) doc.text(line);
  }
  doc.moveDown(2);

  const columns = [
    { title: 'Product', x: 50, width: 250, align: 'left' as const },
    { title: 'Quantity', x: 300, width: 70, align: 'right' as const },
    { title: 'Price', x: 370, width: 80, align: 'right' as const },
    { title: 'Sub Total', x: 450, width: 95, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const top = doc.y;
    doc.font(font);
    let bottom = top;
    columns.forEach((column, index) => {
      doc.text(cells[index] ?? '', column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 6;
  };
  row(
    columns.map((column) => column.title),
    'bold',
  );
  for (const line of order.products) {
    row([line.productTitle, String(line.quantity), money(line.price), money(line.subTotal)], 'regular');
  }
  doc.moveDown();
  doc.font('bold').text(`Total: ${money(order.amount)}`, 50, doc.y, { width: 495, align: 'right' });
  doc.end();
  return done;
}
