import { newId } from '../../lib/ids';
import { adjectives, type DemoCategory, demoOptions, praise, reviewTexts } from './demo-catalogue';
import { isoTime, type Random } from './random';

const dayMs = 86_400_000;
export const historyDays = 730;

interface SeedCategory {
  id: string;
  demo: DemoCategory;
  subs: Array<{ id: string; name: string; kinds: string[] }>;
  images: string[];
}

export interface PlannedProduct extends Record<string, unknown> {
  id: string;
  name: string;
  price: number;
  images: string;
}

const locations = [
  [{ value: 'All', label: 'All' }],
  [{ value: 'IN', label: 'India' }],
  [
    { value: 'IN', label: 'India' },
    { value: 'LK', label: 'Sri Lanka' },
    { value: 'NP', label: 'Nepal' },
  ],
];

function roundPrice(value: number): number {
  return value < 100 ? Math.round(value) : Math.round(value / 10) * 10 - 1;
}

/**
 * Products (with ratings from their reviews) and the reviews themselves, planned in memory
 * so each product's rating is its reviews' average.
 */
export function planProducts(
  random: Random,
  categories: SeedCategory[],
  sizes: { products: number; reviews: number },
  customers: Array<{ id: string; name: string }>,
  now: number,
) {
  const start = now - (historyDays + 90) * dayMs;
  const ids = Array.from({ length: sizes.products }, () => newId());
  const reviewSums = new Float64Array(sizes.products);
  const reviewCounts = new Uint32Array(sizes.products);
  const reviews: Array<Record<string, unknown>> = [];
  for (let i = 0; i < sizes.reviews && customers.length > 0; i += 1) {
    const product = random.skewed(sizes.products, 1.8);
    const rating = random.weighted([
      [5, 45],
      [4, 30],
      [3, 13],
      [2, 7],
      [1, 5],
    ] as const);
    const customer = random.pick(customers);
    reviewSums[product] = (reviewSums[product] ?? 0) + rating;
    reviewCounts[product] = (reviewCounts[product] ?? 0) + 1;
    reviews.push({
      id: newId(),
      product_id: ids[product],
      customer_id: customer.id,
      customer_name: customer.name,
      review: random.pick(reviewTexts),
      customer_rating: rating,
      created_at: isoTime(now - random.int(0, historyDays) * dayMs - random.int(0, dayMs - 1)),
    });
  }
  // ISO times of one length: code-unit order is time order (and localeCompare costs ~2 s here).
  reviews.sort((a, b) => {
    const x = a.created_at as string;
    const y = b.created_at as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });

  const products: PlannedProduct[] = ids.map((id, i) => {
    const category = categories[i % categories.length] as SeedCategory;
    const sub = random.pick(category.subs);
    const brand = random.pick(category.demo.brands);
    const kind = random.pick(sub.kinds);
    const [low, high] = category.demo.priceRange;
    const price = roundPrice(low + (high - low) * random.next() ** 2.5);
    const discount = random.pick([0, 5, 10, 10, 15, 20, 25, 30, 40]);
    const count = reviewCounts[i] ?? 0;
    const rating =
      count > 0 ? Math.max(0.5, Math.round(((reviewSums[i] ?? 0) / count) * 2) / 2) : random.pick([3.5, 4, 4, 4.5, 5]);
    const option = category.demo.option;
    const created = isoTime(start + Math.floor((i / sizes.products) * 90 * dayMs));
    return {
      id,
      name: `${brand} ${kind} ${random.pick(adjectives)} ${random.int(2, 99)}`,
      description: `${brand} ${kind.toLowerCase()} from our ${sub.name.toLowerCase()} range, made for ${random.pick(praise)}. ${random.pick(praise).replace(/^./, (c) => c.toUpperCase())} backed by a one-year warranty.`,
      brand,
      price,
      old_price: discount ? roundPrice(price / (1 - discount / 100)) : price,
      cat_id: category.id,
      cat_name: category.demo.name,
      sub_cat_id: sub.id,
      sub_cat_name: sub.name,
      count_in_stock: random.int(0, 250),
      rating,
      is_featured: random.chance(0.15) ? 1 : 0,
      discount,
      product_ram: JSON.stringify(option === 'ram' ? random.sample(demoOptions.ram, random.int(1, 3)) : []),
      size: JSON.stringify(option === 'size' ? random.sample(demoOptions.size, random.int(2, 4)) : []),
      product_weight: JSON.stringify(option === 'weight' ? random.sample(demoOptions.weight, random.int(1, 3)) : []),
      location: JSON.stringify(random.pick(locations)),
      images: JSON.stringify(random.sample(category.images, random.int(1, 3))),
      created_at: created,
      updated_at: created,
    };
  });
  return { products, reviews };
}
