import { createHash } from 'node:crypto';
import { orderMessages } from '@shopdesk/contract';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import { bumpCounter, readCounter } from '../../db/counters';
import { notFound } from '../../lib/http-error';
import { nowIso } from '../../lib/ids';
import { type InvoiceFacts, invoicePdf } from './invoice-pdf';
import { giveInvoiceNumber } from './order-notes.repository';
import { findOrderRowToChange } from './orders.repository';
import { getOrder } from './orders.service';

/** The counter invoice numbers are taken from: one row, so takers queue on its lock. */
const invoiceCounter = 'invoices';

/** Another request gave this order its number first: this one's number is rolled back. */
class NumberGivenMeanwhile extends Error {}

/**
 * The order's invoice number, given on its first invoice (api.md §15). The next number is
 * taken from the counter and kept on the order in one transaction; when another request has
 * meanwhile given this order a number, the transaction is rolled back, number included, so the
 * sequence has no gap and no number is given twice (the unique index on orders.invoice_number
 * would refuse a duplicate too). Takers wait for each other on the counter's row (PostgreSQL)
 * or the one writer (SQLite).
 */
async function giveNumber(ctx: AppContext, orderId: string): Promise<void> {
  try {
    await ctx.transaction(async (trx) => {
      // The order's row first (PostgreSQL: locked): requests for one order queue here, and only
      // the first takes a number; the rest find it given and leave the counter alone.
      const row = await findOrderRowToChange(trx, ctx.engine, orderId);
      if (!row) throw notFound(orderMessages.notFound);
      if (row.invoice_number !== null) throw new NumberGivenMeanwhile();
      await bumpCounter(trx, invoiceCounter, 1);
      const next = await readCounter(trx, invoiceCounter);
      if (!(await giveInvoiceNumber(trx, orderId, next))) throw new NumberGivenMeanwhile();
    });
  } catch (error) {
    if (!(error instanceof NumberGivenMeanwhile)) throw error;
  }
}

/**
 * Invoices made lately, by what they print (the order as it is now, its number, the day): an
 * invoice asked for again, or by several people at once, is drawn once. Keyed by content, so an
 * edited order gets a new one. lru-cache's `fetch` shares one drawing among concurrent askers.
 */
const drawn = new LRUCache<string, Buffer, { facts: InvoiceFacts; log: AppContext['log'] }>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (pdf) => pdf.length,
  fetchMethod: (_key, _stale, { context: { facts, log } }) =>
    invoicePdf(facts, (error) => log.warn({ err: error }, 'an invoice was drawn without its Indic fonts')),
});

/** `GET /api/orders/:id/invoice.pdf`: the order's invoice, its number given once. */
export async function orderInvoice(ctx: AppContext, orderId: string) {
  let order = await getOrder(ctx, orderId);
  // The first invoice gives the number (here or, meanwhile, by another request): read it back.
  if (order.invoiceNumber === undefined) {
    await giveNumber(ctx, orderId);
    order = await getOrder(ctx, orderId);
  }
  const { invoiceNumber } = order;
  if (invoiceNumber === undefined) throw notFound(orderMessages.notFound);
  const facts = { order, invoiceNumber, issuedAt: nowIso(ctx.clock).slice(0, 10) };
  const key = createHash('sha256').update(JSON.stringify(facts)).digest('base64url');
  const pdf = await drawn.fetch(key, { context: { facts, log: ctx.log } });
  if (!pdf) throw new Error('invoice not drawn');
  return { invoiceNumber, pdf };
}
