import type { ViewScreen } from '@shopdesk/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db';
import type { SavedViewsTable } from '../../db/schema';

export type ViewRow = Selectable<SavedViewsTable>;

/** The views a member sees: their own and the shared ones, by screen, then name. */
export function listVisibleViews(db: Db, ownerId: string, screen: ViewScreen | undefined): Promise<ViewRow[]> {
  let query = db
    .selectFrom('saved_views')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', '=', ownerId), eb('shared', '=', 1)]));
  if (screen !== undefined) query = query.where('screen', '=', screen);
  return query.orderBy('screen').orderBy('name_key').orderBy('id').execute();
}

export function findView(db: Db, id: string): Promise<ViewRow | undefined> {
  return db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another view of this owner and screen already has the name. */
export async function nameTaken(db: Db, ownerId: string, screen: string, nameKey: string, except: string) {
  const row = await db
    .selectFrom('saved_views')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('screen', '=', screen)
    .where('name_key', '=', nameKey)
    .where('id', '!=', except)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertView(db: Db, row: Insertable<SavedViewsTable>) {
  await db.insertInto('saved_views').values(row).execute();
}

export async function updateView(db: Db, id: string, values: Updateable<SavedViewsTable>) {
  await db.updateTable('saved_views').set(values).where('id', '=', id).execute();
}

export async function deleteView(db: Db, id: string) {
  await db.deleteFrom('saved_views').where('id', '=', id).execute();
}
