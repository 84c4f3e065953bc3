import type { Db } from './create-db';

/**
 * Tables whose rows point at categories. Deleting a category that any of them still uses
 * is refused with the count. The products module adds its counter here.
 */
export type CategoryUsageCounter = (db: Db, categoryIds: string[]) => Promise<number>;

export const categoryUsageCounters: ReadonlyArray<CategoryUsageCounter> = [];
