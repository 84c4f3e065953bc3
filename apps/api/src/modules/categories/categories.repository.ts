import type { SubCategory } from '@shopdesk/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { CategoriesTable } from '../../db/schema';

export type CategoryRow = Selectable<CategoriesTable>;

export const nameKeyOf = (name: string) => name.trim().toLowerCase();

export function toCategory(row: CategoryRow): SubCategory {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    color: row.color,
    images: JSON.parse(row.images) as string[],
    ...(row.parent_id ? { parentId: row.parent_id } : {}),
  };
}

/** Every category, roots and subs, in creation order. */
export function listAllCategories(db: Db) {
  return db.selectFrom('categories').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function findCategory(db: Db, id: string) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listChildren(db: Db, parentId: string) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('parent_id', '=', parentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findByLevelName(db: Db, parentId: string | null, name: string) {
  return db
    .selectFrom('categories')
    .select('id')
    .where('parent_key', '=', parentId ?? '')
    .where('name_key', '=', nameKeyOf(name))
    .executeTakeFirst();
}

export interface CategoryValues {
  name: string;
  color: string;
  images: string[];
}

export async function insertCategory(
  db: Db,
  row: CategoryValues & { id: string; parentId: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('categories')
    .values({
      id: row.id,
      name: row.name,
      name_key: nameKeyOf(row.name),
      slug: row.name,
      color: row.color,
      images: JSON.stringify(row.images),
      parent_id: row.parentId,
      parent_key: row.parentId ?? '',
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function updateCategory(db: Db, id: string, values: CategoryValues, now: string): Promise<void> {
  await db
    .updateTable('categories')
    .set({
      name: values.name,
      name_key: nameKeyOf(values.name),
      slug: values.name,
      color: values.color,
      images: JSON.stringify(values.images),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes the category; its sub categories go with it (foreign key cascade). */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

export async function countCategories(db: Db, level: 'root' | 'sub'): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('parent_id', level === 'root' ? 'is' : 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
