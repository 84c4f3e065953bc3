// Order statuses and messages without the schemas (no zod), for screens that only list
// orders. orders.ts re-exports them.

export const orderStatuses = ['pending', 'confirm', 'delivered', ''] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderMessages = {
  fill: 'Please fill all the details',
  products: 'An order needs at least one product',
  quantity: 'quantity must be a whole number, 1 or more',
  price: 'price must be a number, 0 or more',
  unknownProduct: (id: string) => `No product with id ${id}`,
  status: 'status must be pending, confirm, delivered or empty',
  notFound: 'Order not found',
  deleted: 'Order Deleted!',
  badRange: 'from and to must be dates (YYYY-MM-DD), from not after to, at most 5 years apart',
} as const;
