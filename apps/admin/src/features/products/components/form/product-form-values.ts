import type { Product } from '@shopdesk/contract';

type Location = { value: string; label: string };

/** What the form holds: numbers stay text as typed (spec §5), the featured flag may be unset (''). */
export type ProductFormValues = {
  name: string;
  description: string;
  category: string;
  subCatId: string;
  price: string;
  oldPrice: string;
  isFeatured: '' | 'true' | 'false';
  countInStock: string;
  /** Blank: the product follows the shop's default low-stock line (api.md §15). */
  lowStockThreshold: string;
  brand: string;
  discount: string;
  productRam: string[];
  productWeight: string[];
  size: string[];
  rating: number;
  location: Location[];
  images: string[];
};

/** A new product: everything empty, the star control at 1 (spec §3). */
export const emptyProductForm: ProductFormValues = {
  name: '',
  description: '',
  category: '',
  subCatId: '',
  price: '',
  oldPrice: '',
  isFeatured: '',
  countInStock: '',
  lowStockThreshold: '',
  brand: '',
  discount: '',
  productRam: [],
  productWeight: [],
  size: [],
  rating: 1,
  location: [],
  images: [],
};

/** The edit form starts from every field of the stored product. */
export function productToForm(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category: product.catId || product.category?.id || '',
    subCatId: product.subCatId,
    price: String(product.price),
    oldPrice: String(product.oldPrice),
    isFeatured: product.isFeatured ? 'true' : 'false',
    countInStock: String(product.countInStock),
    lowStockThreshold: product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
    brand: product.brand,
    discount: String(product.discount),
    productRam: product.productRam,
    productWeight: product.productWeight,
    size: product.size,
    rating: product.rating,
    location: product.location,
    images: product.images,
  };
}
