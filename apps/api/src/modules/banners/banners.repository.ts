import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { BannersTable } from '../../db/schema';

export type BannerRow = Selectable<BannersTable>;

export function listBanners(db: Db, family: string) {
  return db
    .selectFrom('banners')
    .selectAll()
    .where('family', '=', family)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findBanner(db: Db, family: string, id: string) {
  return db.selectFrom('banners').selectAll().where('family', '=', family).where('id', '=', id).executeTakeFirst();
}

export async function insertBanner(db: Db, row: Insertable<BannersTable>) {
  await db.insertInto('banners').values(row).execute();
}

export async function updateBanner(db: Db, family: string, id: string, values: Partial<Insertable<BannersTable>>) {
  await db.updateTable('banners').set(values).where('family', '=', family).where('id', '=', id).execute();
}

export async function deleteBanner(db: Db, family: string, id: string) {
  await db.deleteFrom('banners').where('family', '=', family).where('id', '=', id).execute();
}

/** Banners keep a copy of category names; a rename is copied here. */
export async function renameCategoryOnBanners(db: Db, categoryId: string, name: string) {
  await db.updateTable('banners').set({ cat_name: name }).where('cat_id', '=', categoryId).execute();
  await db.updateTable('banners').set({ sub_cat_name: name }).where('sub_cat_id', '=', categoryId).execute();
}
