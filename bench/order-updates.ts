import type { Context, LoadBase } from './context';
import { load, request } from './load';
import { int, ms, type Row } from './report';

type Order = Record<string, unknown> & { id: string; status: string };

/** PUT /api/orders/:id with the whole order and another status, 10 connections. */
export async function orderUpdates(c: Pick<Context, 'server' | 'latency'>, base: LoadBase) {
  const headers = base.headers;
  const count = JSON.parse((await request(`${c.server.baseUrl}/api/orders/get/count`, { headers })).body) as {
    orderCount: number;
  };
  const orders: Order[] = [];
  for (let i = 0; i < 5; i += 1) {
    const page = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(count.orderCount / 100)));
    const body = (await request(`${c.server.baseUrl}/api/orders?page=${page}&perPage=100`, { headers })).body;
    orders.push(...(JSON.parse(body) as { orders: Order[] }).orders);
  }
  const statuses = ['pending', 'confirm', 'delivered'];
  let i = 0;
  const result = await load({
    ...base,
    connections: 10,
    method: 'PUT',
    url: c.server.baseUrl,
    next: () => {
      const order = orders[i % orders.length] as Order;
      i += 1;
      const status = statuses[(statuses.indexOf(order.status) + 1) % statuses.length] as string;
      order.status = status;
      const { name, phoneNumber, address, pincode, amount, paymentId, email, userid, products } = order;
      return {
        path: `/api/orders/${order.id}`,
        body: JSON.stringify({
          name,
          phoneNumber,
          address,
          pincode,
          amount,
          paymentId,
          email,
          userid,
          products,
          status,
        }),
      };
    },
  });
  return {
    scenario: 'order status update, whole order (10 conn.)',
    figure: `p99 ${ms(result.p99)}, ${int(result.rps)} req/s`,
    budget: `p99 ≤ ${25 * c.latency} ms`,
    pass: result.failures === 0 && result.p99 <= 25 * c.latency,
    data: { ...result },
  } satisfies Row;
}
