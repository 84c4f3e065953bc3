import { newId } from '../../lib/ids';
import { counterNames } from '../counters';
import type { BulkLoader } from './bulk';
import { cities, streets } from './demo-catalogue';
import { isoTime, type Random } from './random';
import { historyDays, type PlannedProduct } from './seed-products';

const dayMs = 86_400_000;
// Orders per insert: their row objects die young (little for the garbage collector to move).
const chunk = 5000;

/** How busy each of the last two years' days was: growth, weekends, the festive season. */
function dayWeights(now: number): Array<{ start: number; weight: number }> {
  const first = Math.floor(now / dayMs) - historyDays + 1;
  return Array.from({ length: historyDays }, (_, i) => {
    const start = (first + i) * dayMs;
    const date = new Date(start);
    const month = date.getUTCMonth();
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const festive = month === 9 || month === 10 ? 1.7 : month === 11 ? 1.4 : 1;
    return { start, weight: (0.6 + (0.8 * i) / historyDays) * (weekend ? 1.3 : 1) * festive };
  });
}

function statusFor(random: Random, ageDays: number): string {
  if (ageDays <= 3)
    return random.weighted([
      ['pending', 60],
      ['confirm', 30],
      ['', 10],
    ] as const);
  if (ageDays <= 14)
    return random.weighted([
      ['pending', 15],
      ['confirm', 45],
      ['delivered', 35],
      ['', 5],
    ] as const);
  return random.weighted([
    ['delivered', 88],
    ['confirm', 4],
    ['', 8],
  ] as const);
}

/** Recent orders kept for the activity log's entries (the ones whose status still moves). */
const recentKept = 20_000;

/**
 * Two years of orders in date order, with their lines, and the summaries (per day, per
 * product, counters) computed alongside and written once at the end. Runs inside the
 * caller's bulk transaction (one commit, not one per chunk).
 */
export async function seedOrders(
  bulk: BulkLoader,
  random: Random,
  products: PlannedProduct[],
  customers: Array<{ id: string; name: string; email: string; phone: string }>,
  total: number,
  now: number,
): Promise<{ made: number; recent: Array<{ id: string; name: string; status: string }> }> {
  let recent: Array<{ id: string; name: string; status: string }> = [];
  if (products.length === 0 || customers.length === 0 || total === 0) return { made: 0, recent };
  const days = dayWeights(now);
  const weightSum = days.reduce((sum, d) => sum + d.weight, 0);
  const daily = new Map<string, { sales: number; orders: number }>();
  // Units and revenue per product (by index), and the products in the order of their first sale.
  const unitsSold = new Float64Array(products.length);
  const revenue = new Float64Array(products.length);
  const sold: number[] = [];
  const perStatus = new Map<string, number>();
  let made = 0;
  let orders: Array<Record<string, unknown>> = [];
  let items: Array<Record<string, unknown>> = [];

  // The first image of each product, parsed once (not once per order line).
  const firstImages = products.map((p) => (JSON.parse(p.images) as string[])[0] ?? '');

  const flush = async () => {
    await bulk.insert('orders', orders);
    await bulk.insert('order_items', items);
    orders = [];
    items = [];
  };

  // Largest share first: every day gets its part of the total, the rounding left-over goes to the latest days.
  const counts = days.map((day) => Math.floor((total * day.weight) / weightSum));
  for (let left = total - counts.reduce((sum, n) => sum + n, 0), i = counts.length - 1; left > 0; left -= 1, i -= 1) {
    counts[i] = (counts[i] ?? 0) + 1;
  }
  for (const [index, day] of days.entries()) {
    const count = counts[index] ?? 0;
    // Every order of the day falls within it (06:00–23:00 UTC).
    const dayKey = new Date(day.start).toISOString().slice(0, 10);
    const sums = daily.get(dayKey) ?? { sales: 0, orders: 0 };
    daily.set(dayKey, sums);
    const times = Array.from({ length: count }, () => day.start + random.int(6 * 3_600_000, 23 * 3_600_000)).sort(
      (a, b) => a - b,
    );
    for (const time of times) {
      const id = newId();
      const customer = random.pick(customers);
      const [city, pincode] = random.pick(cities);
      let amount = 0;
      const lineCount = random.weighted([
        [1, 55],
        [2, 28],
        [3, 12],
        [4, 5],
      ] as const);
      for (let line = 0; line < lineCount; line += 1) {
        const index = random.skewed(products.length);
        const product = products[index] as PlannedProduct;
        const quantity = random.weighted([
          [1, 75],
          [2, 18],
          [3, 7],
        ] as const);
        const subTotal = product.price * quantity;
        amount += subTotal;
        items.push({
          order_id: id,
          line,
          product_id: product.id,
          product_title: product.name,
          image: firstImages[index] ?? '',
          quantity,
          price: product.price,
          sub_total: subTotal,
        });
        if (unitsSold[index] === 0) sold.push(index);
        unitsSold[index] = (unitsSold[index] ?? 0) + quantity;
        revenue[index] = (revenue[index] ?? 0) + subTotal;
      }
      const status = statusFor(random, Math.floor((now - time) / dayMs));
      sums.sales += amount;
      sums.orders += 1;
      perStatus.set(status, (perStatus.get(status) ?? 0) + 1);
      orders.push({
        id,
        payment_id: `pay_${id.slice(-14)}`,
        name: customer.name,
        phone_number: customer.phone,
        address: `${random.int(1, 250)}, ${random.pick(streets)}, ${city}`,
        pincode,
        amount,
        email: customer.email,
        user_id: customer.id,
        status,
        created_at: isoTime(time),
      });
      made += 1;
      recent.push({ id, name: customer.name, status });
      if (recent.length >= 2 * recentKept) recent = recent.slice(-recentKept);
      if (orders.length >= chunk) await flush();
    }
  }
  await flush();
  const counters = new Map([...perStatus].map(([status, n]) => [counterNames.ordersWithStatus(status), n]));
  counters.set(counterNames.orders, made);
  await bulk.insert(
    'sales_daily',
    [...daily].filter(([, s]) => s.orders > 0).map(([day, s]) => ({ day, sales: s.sales, orders: s.orders })),
  );
  await bulk.insert(
    'product_sales',
    sold.map((index) => ({
      product_id: products[index]?.id,
      units_sold: unitsSold[index],
      revenue: revenue[index],
    })),
  );
  await bulk.addToCounters(counters);
  return { made, recent: recent.slice(-recentKept) };
}
