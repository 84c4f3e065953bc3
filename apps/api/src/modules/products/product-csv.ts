import { csvListSeparator, type Product, type ProductCsvColumn, productCsvColumns } from '@shopdesk/contract';

/**
 * The one mapping of a product to its CSV row (api.md §13): what the export writes and what the
 * import compares a row with ("export then import changes nothing"). Pure functions of the
 * contract's `Product`, so both sides read the same text for the same product. Every value is a
 * string: the CSV writer quotes, it never formats.
 */
export type ProductCsvRow = Record<ProductCsvColumn, string>;

/** A list inside one field: `8GB|16GB`. */
export const joinCsvList = (values: readonly string[]): string => values.join(csvListSeparator);

/** The list a field holds, the exact inverse of joinCsvList; an empty field is an empty list. */
export const splitCsvList = (text: string): string[] => (text === '' ? [] : text.split(csvListSeparator));

/** Numbers as JavaScript writes them (`19999`, `4.5`, `0.1`): shortest text that reads back the same. */
const numberText = (value: number): string => String(value);

/** How stored image paths become the URLs written: the answers' rule (plugins/image-urls.ts), given by the route. */
export type ImageUrls = (paths: string[]) => string[];

/** The product's row; without `imageUrls`, images are written as the product holds them. */
export function productCsvRow(product: Product, imageUrls?: ImageUrls): ProductCsvRow {
  const images = imageUrls ? imageUrls(product.images) : product.images;
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    brand: product.brand,
    price: numberText(product.price),
    oldPrice: numberText(product.oldPrice),
    category: product.category?.name ?? product.catName,
    subCategory: product.subCatName,
    countInStock: numberText(product.countInStock),
    rating: numberText(product.rating),
    isFeatured: product.isFeatured ? 'true' : 'false',
    discount: numberText(product.discount),
    productRam: joinCsvList(product.productRam),
    size: joinCsvList(product.size),
    productWeight: joinCsvList(product.productWeight),
    // The country codes (ISO-2, or `All`): the labels are the country list's, not the product's.
    location: joinCsvList(product.location.map((place) => place.value)),
    images: joinCsvList(images),
    dateCreated: product.dateCreated,
  };
}

/** The row's values in the header's order (`productCsvColumns`). */
export const productCsvValues = (row: ProductCsvRow): string[] => productCsvColumns.map((column) => row[column]);
