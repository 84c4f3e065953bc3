import { createRequire } from 'node:module';
import type { Order } from '@shopdesk/contract';

/**
 * The invoice as a PDF, drawn with pdfkit (the well-kept PDF library for Node: text, fonts and
 * simple tables, streamed). PDF's built-in Helvetica prints Latin-1; an invoice with other
 * letters (Cyrillic, Greek, Polish…) is set in DejaVu Sans, bundled from npm
 * (`dejavu-fonts-ttf`). DejaVu has none of India's scripts: their letters (a customer's name in
 * Devanagari, a product's in Tamil) are set in a font of that script, a run of text at a time,
 * shaped by fontkit (conjuncts, vowel signs drawn before their consonant, reph). The fonts are
 * Google Fonts' TrueType files as npm packages (`@expo-google-fonts/noto-sans-*`): fontkit's
 * subsetter fails on the glyphs of the WOFF files other packages give. Embedding a font costs
 * ~35 ms a document against ~5 ms for Helvetica, so each is used only where it is needed. pdfkit (with
 * fontkit and its font tables) loads with the first invoice, not with the server (its memory at
 * rest: docs/architecture.md).
 */
const require = createRequire(import.meta.url);
type Weight = 'regular' | 'bold';
type Fonts = Record<Weight, string>;
const dejaVu: Fonts = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
const helvetica: Fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
/** Printable in the built-in fonts' encoding (WinAnsi: ASCII and Latin-1's letters). */
const builtInPrintable = /^[\n\x20-\x7e\xa0-\xff]*$/;

/** The scripts of India's languages, by their Unicode names (Oriya: Odia). */
const indicScripts = [
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
] as const;
type IndicScript = (typeof indicScripts)[number];

/** Each script's Noto Sans. */
const scriptFonts = (script: IndicScript): Fonts => {
  const file = (weight: string) =>
    require.resolve(`@expo-google-fonts/noto-sans-${script.toLowerCase()}/${weight}/NotoSans${script}_${weight}.ttf`);
  return { regular: file('400Regular'), bold: file('700Bold') };
};

/**
 * OpenType features turned off for a text with Gurmukhi in it: fontkit 2.0 (which lays out
 * pdfkit's text, and takes an object of feature tags to on/off) fails on Noto Sans Gurmukhi's
 * above- and below-base mark positioning (`abvm`, `blwm`); its `mark` feature still places the
 * vowel signs. For every run of such a text: pdfkit measures a line's later runs with the
 * features of its first. A new object each time: fontkit adds its defaults to the one it is given.
 */
const gurmukhiFeatures = () => ({ abvm: false, blwm: false }) as unknown as PDFKit.Mixins.TextOptions['features'];

const letterOf = indicScripts.map((script) => ({ script, pattern: new RegExp(`\\p{Script=${script}}`, 'u') }));
const usedBy = indicScripts.map((script) => ({ script, pattern: new RegExp(`\\p{Script_Extensions=${script}}`, 'u') }));
/** Combining marks and joiners (Unicode's Inherited script): they belong to the letter before them. */
const inherited = /\p{Script=Inherited}/u;

/** A stretch of text set in one font: an Indic script's, or (null) the invoice's own. */
interface Run {
  text: string;
  script: IndicScript | null;
}

/**
 * `text` cut where its script changes. A mark, a joiner, or a sign the script shares with others
 * (the danda ।) stays in the run of the letters it follows; a space, a digit or a Latin letter
 * is set in the invoice's own font.
 */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const own = letterOf.find(({ pattern }) => pattern.test(char))?.script ?? null;
    const follows =
      own === null &&
      last?.script != null &&
      (inherited.test(char) || usedBy.some(({ script, pattern }) => script === last.script && pattern.test(char)));
    const script = follows ? (last?.script ?? null) : own;
    if (last && last.script === script) last.text += char;
    else runs.push({ text: char, script });
  }
  return runs;
}

/** Indian digit grouping, with the spec's "Rs" before the amount. */
const money = (amount: number) => `Rs ${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;

export interface InvoiceFacts {
  order: Order;
  invoiceNumber: number;
  /** The day this copy was made (YYYY-MM-DD). */
  issuedAt: string;
}

let pdfkitLoaded: Promise<typeof import('pdfkit')> | undefined;

/**
 * The invoice's PDF. fontkit fails on a few rare sequences of marks (random Malayalam, say): the
 * invoice is then drawn again with DejaVu Sans alone, those letters printed as empty boxes,
 * and `log` told; it is never refused for the names it prints.
 */
export async function invoicePdf(facts: InvoiceFacts, log?: (error: unknown) => void): Promise<Buffer> {
  try {
    return await draw(facts, scriptRuns);
  } catch (error) {
    log?.(error);
    return draw(facts, (text) => [{ text, script: null }]);
  }
}

async function draw(
  { order, invoiceNumber, issuedAt }: InvoiceFacts,
  runsOf: (text: string) => Run[],
): Promise<Buffer> {
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
  const runs = [...texts, ...order.products.map((line) => line.productTitle)].flatMap(runsOf);
  const own = runs.every((run) => run.script !== null || builtInPrintable.test(run.text)) ? helvetica : dejaVu;
  const fontName = (weight: Weight, script: IndicScript | null) => (script ? `${weight}-${script}` : weight);
  for (const script of new Set([null, ...runs.map((run) => run.script)])) {
    const fonts = script ? scriptFonts(script) : own;
    doc.registerFont(fontName('regular', script), fonts.regular).registerFont(fontName('bold', script), fonts.bold);
  }
  /** The size of the invoice's text but its title and headings. */
  const textSize = 10;
  type TextOptions = PDFKit.Mixins.TextOptions;
  /** Text in `weight`, each script's run in its font; at (x, y) when given, else where the last ended. */
  const write = (text: string, weight: Weight, options: TextOptions = {}, at?: { x: number; y: number }) => {
    const parts = text === '' ? [{ text, script: null }] : runsOf(text);
    const gurmukhi = parts.some((part) => part.script === 'Gurmukhi');
    parts.forEach((part, index) => {
      doc.font(fontName(weight, part.script));
      const settings = {
        ...options,
        continued: index < parts.length - 1,
        ...(gurmukhi ? { features: gurmukhiFeatures() } : {}),
      };
      if (index === 0 && at) doc.text(part.text, at.x, at.y, settings);
      else doc.text(part.text, settings);
    });
  };

  doc.font('bold').fontSize(20).text('Invoice', { align: 'right' });
  doc.font('regular').fontSize(textSize).text(`Invoice number: ${invoiceNumber}`, { align: 'right' });
  doc.text(`Date: ${issuedAt}`, { align: 'right' });
  doc.text(`Order: ${order.id}`, { align: 'right' });
  write(`Paymant Id: ${order.paymentId}`, 'regular', { align: 'right' });
  doc.moveDown(2);

  doc.font('bold').fontSize(11).text('Bill to');
  doc.font('regular').fontSize(textSize);
  for (const line of texts.slice(0, 5)) {
    if (line) write(line, 'regular');
  }
  doc.moveDown(2);

  const columns = [
    { title: 'Product', x: 50, width: 250, align: 'left' as const },
    { title: 'Quantity', x: 300, width: 70, align: 'right' as const },
    { title: 'Price', x: 370, width: 80, align: 'right' as const },
    { title: 'Sub Total', x: 450, width: 95, align: 'right' as const },
  ];
  const row = (cells: string[], weight: Weight) => {
    const top = doc.y;
    let bottom = top;
    columns.forEach((column, index) => {
      write(cells[index] ?? '', weight, { width: column.width, align: column.align }, { x: column.x, y: top });
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
