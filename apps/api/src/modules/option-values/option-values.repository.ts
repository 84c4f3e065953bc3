import type { Db } from '../../db/create-db';

export const valueKeyOf = (value: string) => value.trim().toLowerCase();

export function listOptionValues(db: Db, family: string) {
  return db
    .selectFrom('option_values')
    .select(['id', 'value'])
    .where('family', '=', family)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findOptionValue(db: Db, family: string, id: string) {
  return db
    .selectFrom('option_values')
    .select(['id', 'value'])
    .where('family', '=', family)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findOptionByValue(db: Db, family: string, value: string) {
  return db
    .selectFrom('option_values')
    .select('id')
    .where('family', '=', family)
    .where('value_key', '=', valueKeyOf(value))
    .executeTakeFirst();
}

export async function insertOptionValue(db: Db, row: { id: string; family: string; value: string; now: string }) {
  await db
    .insertInto('option_values')
    .values({ id: row.id, family: row.family, value: row.value, value_key: valueKeyOf(row.value), created_at: row.now })
    .execute();
}

export async function updateOptionValue(db: Db, family: string, id: string, value: string) {
  await db
    .updateTable('option_values')
    .set({ value, value_key: valueKeyOf(value) })
    .where('family', '=', family)
    .where('id', '=', id)
    .execute();
}

export async function deleteOptionValue(db: Db, family: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('option_values')
    .where('family', '=', family)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
