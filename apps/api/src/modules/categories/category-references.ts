import type { Db } from '../../db/create-db';
import { renameCategoryOnBanners } from '../banners/banners.repository';
import { countProductsUsingCategories, renameCategoryOnProducts } from '../products/products.repository';

/**
 * Records that point at categories and keep a copy of their names. Deleting a category is
 * refused while any `blocksDelete` reference still uses it; a rename is copied to all.
 */
export interface CategoryReference {
  /** How many records use these category ids (those that make a delete wait). */
  blocksDelete?: (db: Db, categoryIds: string[]) => Promise<number>;
  rename: (db: Db, categoryId: string, name: string) => Promise<void>;
}

export const categoryReferences: ReadonlyArray<CategoryReference> = [
  { blocksDelete: countProductsUsingCategories, rename: renameCategoryOnProducts },
  // Banners name a category only for linking; deleting it leaves the banner with the old name.
  { rename: renameCategoryOnBanners },
];
