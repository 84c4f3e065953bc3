import { randomUUID } from 'node:crypto';
import { newId } from '../../lib/ids';
import type { BulkLoader } from './bulk';
import { firstNames, lastNames } from './demo-catalogue';
import { isoTime, type Random } from './random';

const dayMs = 86_400_000;
/**
 * The log's span: the last 330 days, inside ACTIVITY_DAYS' default 365 (api.md §11), so a store
 * seeded today keeps every entry for a month of start-ups (the server prunes older ones).
 */
export const activityDays = 330;
/** Entries per insert (their row objects die young, as the orders' do). */
const chunk = 5000;

/** A record an entry can name: its id and name, and for orders their status, for products their price. */
export interface Named {
  id: string;
  name: string;
}
export interface SeedRecords {
  products: Array<Named & { price: number }>;
  categories: Named[];
  /** Recent orders (the ones whose status still moves), with their status. */
  orders: Array<Named & { status: string }>;
  customers: Array<Named & { email: string }>;
  options: Array<{ id: string; family: string; value: string }>;
  banners: Array<{ id: string; family: string; cat_name: string }>;
}

const optionEntities: Record<string, string> = { ram: 'productRAMS', weight: 'productWeight', size: 'productSIZE' };
/** The staff's built-in roles (no owner: the shop's administrators own it). */
const staffRoles = ['manager', 'editor', 'clerk', 'editor', 'viewer'] as const;
const customRoles = ['Warehouse', 'Support desk', 'Marketing', 'Night shift'];
const viewNames = ['Low stock', 'Pending this week', 'Featured phones', 'Big orders', 'Unrated products'];

/**
 * The staff who make the changes: a few dozen accounts with the built-in roles and no password
 * (they sign in with Google), loaded with the customers' accounts.
 */
export function staffRows(random: Random, count: number, stamp: string) {
  return Array.from({ length: count }, (_, i) => {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    return {
      id: newId(),
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@staff.example`.toLowerCase(),
      phone: `8${String(random.int(100_000_000, 999_999_999))}`,
      password_hash: null,
      images: '[]',
      is_admin: 0,
      role_id: staffRoles[i % staffRoles.length],
      active: 1,
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

type Entry = Record<string, unknown>;
type Actor = { id: string; name: string; email: string } | null;

/**
 * `total` entries of the activity log, oldest first over the last `activityDays`, as the
 * recorder writes them (api.md §11): staff changing the catalogue, prices and stock, moving
 * orders through their statuses, managing banners, options, roles and saved views; customers
 * signing up and in (and failing to); every action and every kind of record. Runs inside the
 * caller's bulk transaction.
 */
export async function seedActivity(
  bulk: BulkLoader,
  random: Random,
  records: SeedRecords,
  staff: Array<Named & { email: string }>,
  total: number,
  now: number,
): Promise<number> {
  const { products, categories, orders, customers, options, banners } = records;
  if (total === 0 || staff.length === 0) return 0;
  if ([products, categories, orders, customers, options, banners].some((list) => list.length === 0)) {
    throw new Error(
      'The activity log is seeded for a shop with products, categories, orders, customers, options and banners',
    );
  }
  const start = now - activityDays * dayMs;
  const span = activityDays * dayMs;
  const ips = Array.from({ length: 64 }, () => `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`);
  // Price and stock as the log last saw them, per product (index), so updates chain.
  const prices = new Float64Array(records.products.map((p) => p.price));
  const stock = new Int32Array(records.products.length).map(() => random.int(0, 250));
  const orderStatus = records.orders.map((o) => o.status || 'pending');
  const roleIds = customRoles.map(() => newId());
  const viewIds = viewNames.map(() => newId());

  const pickStaff = (): Actor => staff[random.skewed(staff.length, 1.6)] as Named & { email: string };
  const customerActor = (c: Named & { email: string }): Actor => ({ id: c.id, name: c.name, email: c.email });
  const changes = (fields: Record<string, [unknown, unknown]>) => JSON.stringify(fields);

  // Each kind of entry: its weight, and what it says.
  const kinds: Array<[() => [Actor, string, string, string, string, string], number]> = [
    [
      () => {
        const i = random.skewed(records.orders.length, 1.3);
        const order = records.orders[i] as Named;
        const was = orderStatus[i] as string;
        // Forward, as orders go; a delivered one now and then back to confirmed (a correction).
        const is = was === 'confirm' ? 'delivered' : 'confirm';
        orderStatus[i] = is;
        return [pickStaff(), 'status', 'order', order.id, order.name, changes({ status: [was, is] })];
      },
      340,
    ],
    [
      () => {
        const order = random.pick(records.orders);
        return [
          pickStaff(),
          'update',
          'order',
          order.id,
          order.name,
          changes({ address: ['—', 'Flat 4, new address'] }),
        ];
      },
      40,
    ],
    [
      () => {
        const customer = random.pick(records.customers);
        return [
          customerActor(customer),
          'create',
          'order',
          newId(),
          customer.name,
          changes({ status: [null, 'pending'] }),
        ];
      },
      30,
    ],
    [
      () => {
        const order = random.pick(records.orders);
        return [pickStaff(), 'delete', 'order', order.id, order.name, changes({ status: ['pending', null] })];
      },
      3,
    ],
    [
      () => {
        const i = random.skewed(records.products.length, 1.5);
        const product = records.products[i] as Named;
        const was = prices[i] as number;
        const is = Math.max(1, Math.round(was * (0.85 + random.next() * 0.3)));
        prices[i] = is;
        return [pickStaff(), 'update', 'product', product.id, product.name, changes({ price: [was, is] })];
      },
      150,
    ],
    [
      () => {
        const i = random.skewed(records.products.length, 1.5);
        const product = records.products[i] as Named;
        const was = stock[i] as number;
        const is = random.int(0, 250);
        stock[i] = is;
        return [pickStaff(), 'update', 'product', product.id, product.name, changes({ countInStock: [was, is] })];
      },
      90,
    ],
    [
      () => {
        const product = random.pick(records.products);
        return [
          pickStaff(),
          'create',
          'product',
          product.id,
          product.name,
          changes({ name: [null, product.name], price: [null, product.price], countInStock: [null, 10] }),
        ];
      },
      30,
    ],
    ...(['delete', 'restore', 'purge'] as const).map(
      (action, n) =>
        [
          () => {
            const product = random.pick(records.products);
            const fields = changes(
              action === 'restore' ? { name: [null, product.name] } : { name: [product.name, null] },
            );
            return [pickStaff(), action, 'product', product.id, product.name, fields];
          },
          [8, 4, 2][n] as number,
        ] as [() => [Actor, string, string, string, string, string], number],
    ),
    ...(['import', 'bulk'] as const).map(
      (action, n) =>
        [
          () => {
            const product = random.pick(records.products);
            return [pickStaff(), action, 'product', product.id, product.name, changes({ discount: [10, 15] })];
          },
          [5, 10][n] as number,
        ] as [() => [Actor, string, string, string, string, string], number],
    ),
    [
      () => {
        const category = random.pick(records.categories);
        const action = random.weighted([
          ['update', 8],
          ['create', 2],
          ['delete', 1],
        ] as const);
        return [
          pickStaff(),
          action,
          'category',
          category.id,
          category.name,
          changes({ color: ['#1e88e5', '#43a047'] }),
        ];
      },
      12,
    ],
    [
      () => {
        const option = random.pick(records.options);
        const action = random.weighted([
          ['create', 3],
          ['update', 2],
          ['delete', 1],
        ] as const);
        const entity = optionEntities[option.family] ?? 'productRAMS';
        return [pickStaff(), action, entity, option.id, option.value, changes({ value: [null, option.value] })];
      },
      8,
    ],
    [
      () => {
        const banner = random.pick(records.banners);
        const action = random.weighted([
          ['update', 3],
          ['create', 2],
          ['delete', 1],
        ] as const);
        return [
          pickStaff(),
          action,
          banner.family,
          banner.id,
          banner.cat_name,
          changes({ catName: ['', banner.cat_name] }),
        ];
      },
      12,
    ],
    [
      () => {
        const signer = random.chance(0.3) ? pickStaff() : customerActor(random.pick(records.customers));
        return [signer, 'signin', 'user', signer?.id ?? '', signer?.name ?? '', '{}'];
      },
      150,
    ],
    [
      () => {
        const customer = random.pick(records.customers);
        // A failed sign-in of no account has no actor; one of an account names it.
        return random.chance(0.4)
          ? [null, 'signin_failed', 'user', '', `someone.${random.int(1, 999)}@mail.example`, '{}']
          : [customerActor(customer), 'signin_failed', 'user', customer.id, customer.name, '{}'];
      },
      15,
    ],
    [
      () => {
        const customer = random.pick(records.customers);
        return [
          customerActor(customer),
          'create',
          'user',
          customer.id,
          customer.name,
          changes({ name: [null, customer.name], email: [null, customer.email] }),
        ];
      },
      20,
    ],
    [
      () => {
        const person = random.pick(staff);
        return [
          pickStaff(),
          'update',
          'user',
          person.id,
          person.name,
          changes({ passwordHash: ['[hidden]', '[hidden]'] }),
        ];
      },
      8,
    ],
    [
      () => {
        const person = random.pick(staff);
        return [pickStaff(), 'role', 'user', person.id, person.name, changes({ roleId: ['viewer', 'editor'] })];
      },
      3,
    ],
    [
      () => {
        const email = `${random.pick(firstNames)}.${random.int(1, 999)}@staff.example`.toLowerCase();
        return [pickStaff(), 'invite', 'user', newId(), email, changes({ email: [null, email] })];
      },
      3,
    ],
    [
      () => {
        const n = random.int(0, customRoles.length - 1);
        const action = random.weighted([
          ['update', 3],
          ['create', 1],
          ['delete', 1],
        ] as const);
        const fields = changes({ permissions: [['orders:read'], ['orders:read', 'orders:write']] });
        return [pickStaff(), action, 'role', roleIds[n] as string, customRoles[n] as string, fields];
      },
      3,
    ],
    [
      () => {
        const n = random.int(0, viewNames.length - 1);
        const action = random.weighted([
          ['create', 2],
          ['update', 2],
          ['delete', 1],
        ] as const);
        return [
          pickStaff(),
          action,
          'view',
          viewIds[n] as string,
          viewNames[n] as string,
          changes({ name: [null, viewNames[n]] }),
        ];
      },
      5,
    ],
  ];

  let rows: Entry[] = [];
  for (let i = 0; i < total; i += 1) {
    const [actor, action, entity, entityId, entityName, fields] = random.weighted(kinds)();
    rows.push({
      id: newId(),
      // Evenly spread, in order: seq follows time as it does for entries the server writes.
      at: isoTime(start + Math.floor(((i + random.next()) * span) / total)),
      actor_id: actor?.id ?? null,
      actor_name: actor?.name ?? '',
      actor_email: actor?.email ?? '',
      action,
      entity,
      entity_id: entityId,
      entity_name: entityName,
      changes: fields,
      request_id: randomUUID(),
      ip: random.pick(ips),
    });
    if (rows.length >= chunk) {
      await bulk.insert('activity', rows);
      rows = [];
    }
  }
  await bulk.insert('activity', rows);
  return total;
}
