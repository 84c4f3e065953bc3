// Apart from the schemas (no zod), for screens that only list or delete products.
// products.ts re-exports them.

/** The spec's product checks (§5), in its order and words. */
export const productMessages = {
  name: 'please add product name',
  description: 'please add product description',
  brand: 'please add product brand',
  price: 'please add product price',
  oldPrice: 'please add product oldPrice',
  category: 'please select a category',
  countInStock: 'please add product count in stock',
  /** Not in the spec (the field is new, api.md §15): its words follow the spec's product checks. */
  lowStockThreshold: 'please add a valid low stock threshold (a whole number, 0 or more)',
  rating: 'please select product rating',
  isFeatured: 'please select the product is a featured or not',
  discount: 'please select the product discount',
  images: 'please select images',
  created: 'The product is created!',
  updated: 'The product is updated!',
  deleted: 'Product Deleted!',
  onlyOwnerDeletes: 'Only Admin can delete Product',
  invalidCategory: 'invalid Category!',
  invalidSubCategory: 'invalid Sub Category!',
  notFound: 'Product not found',
  queryRequired: 'Query is required',
  queryTooLong: 'Query is too long (at most 200 characters)',
  notANumber: (label: string) => `${label} must be a number`,
} as const;
