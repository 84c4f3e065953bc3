import {
  catalogueMessages,
  itemDeletedMessage,
  type OptionFamily,
  type OptionRecord,
  optionBodySchema,
  optionEntity,
  optionFamilies,
} from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { conflict, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { moveToTrash } from '../trash/trash.repository';
import { trashMove } from '../trash/trash-move';
import * as repo from './option-values.repository';

/** One service for RAM, WEIGHT and SIZE values; the family names the field and messages. */
export function optionValuesService(ctx: AppContext, family: OptionFamily) {
  const { field } = optionFamilies[family];
  const schema = optionBodySchema(family);
  const toRecord = (row: { id: string; value: string }): OptionRecord => ({
    id: row.id,
    _id: row.id,
    [field]: row.value,
  });
  const parseValue = (body: unknown) => String(schema.parse(body)[field]);

  async function assertFree(value: string, selfId?: string) {
    const existing = await repo.findOptionByValue(ctx.db, family, value);
    if (existing && existing.id !== selfId) throw conflict(catalogueMessages.optionExists(value));
  }

  async function get(id: string) {
    const row = await repo.findOptionValue(ctx.db, family, id);
    if (!row) throw notFound(catalogueMessages.optionNotFound);
    return toRecord(row);
  }

  return {
    list: async () => (await repo.listOptionValues(ctx.db, family)).map(toRecord),
    get,
    create: async (body: unknown) => {
      const value = parseValue(body);
      await assertFree(value);
      const id = newId();
      try {
        await ctx.transaction(async (trx) => {
          await repo.insertOptionValue(trx, { id, family, value, now: nowIso(ctx.clock) });
          return id;
        });
      } catch (error) {
        await assertFree(value); // lost a race on the unique index
        throw error;
      }
      return get(id);
    },
    update: async (id: string, body: unknown) => {
      await get(id);
      const value = parseValue(body);
      await assertFree(value, id);
      await ctx.transaction((trx) => repo.updateOptionValue(trx, family, id, value));
      return get(id);
    },
    /** Moves the value to the trash (api.md §12), under the family's entity name (productRAMS, …). */
    remove: async (caller: Caller, id: string) => {
      const row = await repo.findOptionValue(ctx.db, family, id);
      if (!row) throw notFound(catalogueMessages.optionNotFound);
      const trashId = await ctx.transaction(async (trx) => {
        const moved = await moveToTrash(
          trx,
          { ...trashMove(ctx, caller), entity: optionEntity(family), entityId: id, name: row.value },
          [['option_values', 'id', [id]]],
        );
        if (!moved) throw notFound(catalogueMessages.optionNotFound);
        return moved.trashId;
      });
      return { success: true as const, message: itemDeletedMessage, trashId };
    },
  };
}
