import {
  type Category,
  catalogueMessages,
  categoryFormSchema,
  messages,
  optionalText,
  requiredText,
  subCategoryFormSchema,
} from '@shopdesk/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { bumpCounter, counterNames } from '../../db/counters';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { ownUploads } from '../../lib/own-uploads';
import { storeProductJson } from '../products/product-json';
import { moveToTrash } from '../trash/trash.repository';
import { trashMove } from '../trash/trash-move';
import * as repo from './categories.repository';
import { categoryReferences } from './category-references';

/** A sub category's edit needs only a name; colour and images stay as they were. */
const subCategoryUpdateSchema = z.object({ name: requiredText(messages.fillAllDetails, 100) });
/** A sub category may carry a colour (the spec's form sends none); text, not a list or an object. */
const subCategoryColorSchema = optionalText(50);

/** Name, colour and images of a category, its images this shop's uploads. */
function categoryValues(body: unknown): repo.CategoryValues {
  const form = categoryFormSchema.parse(body);
  return { ...form, images: ownUploads(form.images) };
}

function withChildren(row: repo.CategoryRow, children: repo.CategoryRow[]): Category {
  return { ...repo.toCategory(row), children: children.map(repo.toCategory) };
}

/** Roots in creation order, each with its sub categories. */
export async function listCategoryTree(ctx: AppContext) {
  const rows = await repo.listAllCategories(ctx.db);
  const childrenOf = new Map<string, repo.CategoryRow[]>();
  for (const row of rows) {
    if (row.parent_id) childrenOf.set(row.parent_id, [...(childrenOf.get(row.parent_id) ?? []), row]);
  }
  const categoryList = rows
    .filter((row) => !row.parent_id)
    .map((row) => withChildren(row, childrenOf.get(row.id) ?? []));
  return { categoryList };
}

export async function getCategory(ctx: AppContext, id: string): Promise<Category> {
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw notFound(catalogueMessages.categoryNotFound);
  return withChildren(row, await repo.listChildren(ctx.db, id));
}

async function assertNameFree(ctx: AppContext, parentId: string | null, name: string, selfId?: string) {
  const existing = await repo.findByLevelName(ctx.db, parentId, name);
  if (existing && existing.id !== selfId) throw conflict(catalogueMessages.categoryExists(name.trim()));
}

/** A category (name, color, images) or, with parentId, a sub category (name). */
export async function createCategory(ctx: AppContext, body: Record<string, unknown>): Promise<Category> {
  const isSub = typeof body.parentId === 'string' ? body.parentId.trim() !== '' : body.parentId != null;
  const id = newId();
  let parentId: string | null = null;
  let values: repo.CategoryValues;
  if (isSub) {
    const form = subCategoryFormSchema.parse(body);
    const parent = await repo.findCategory(ctx.db, form.parentId);
    if (!parent) throw notFound(catalogueMessages.parentNotFound);
    if (parent.parent_id) throw badRequest(catalogueMessages.subCategoryTooDeep);
    parentId = parent.id;
    values = { name: form.name, color: subCategoryColorSchema.parse(body.color), images: [] };
  } else {
    values = categoryValues(body);
  }
  await assertNameFree(ctx, parentId, values.name);
  try {
    await ctx.transaction(async (trx) => {
      await repo.insertCategory(trx, { ...values, id, parentId, now: nowIso(ctx.clock) });
      return id;
    });
  } catch (error) {
    await assertNameFree(ctx, parentId, values.name); // lost a race on the unique index
    throw error;
  }
  return getCategory(ctx, id);
}

export async function updateCategory(ctx: AppContext, id: string, body: Record<string, unknown>): Promise<Category> {
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw notFound(catalogueMessages.categoryNotFound);
  const values: repo.CategoryValues = row.parent_id
    ? { ...subCategoryUpdateSchema.parse(body), color: row.color, images: JSON.parse(row.images) as string[] }
    : categoryValues(body);
  await assertNameFree(ctx, row.parent_id, values.name, id);
  await ctx.transaction(async (trx) => {
    await repo.updateCategory(trx, id, values, nowIso(ctx.clock));
    if (values.name !== row.name) {
      for (const reference of categoryReferences) await reference.rename(trx, id, values.name);
    }
    // Product answers show their category's name, colour and images: written again, and
    // kept pages retired.
    await storeProductJson(trx, { categoryId: id });
    await bumpCounter(trx, counterNames.productsVersion, 1);
  });
  return getCategory(ctx, id);
}

/**
 * `catalogue:delete` only; a root takes its sub categories with it; refused while live products
 * use any of them (trashed products are out of `products`, so they never count). Moves them to
 * the trash (api.md §12).
 */
export async function deleteCategory(ctx: AppContext, caller: Caller, id: string) {
  if (!caller.permissions.has('catalogue:delete')) throw forbidden(catalogueMessages.onlyOwnerDeletesCategory);
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw notFound(catalogueMessages.categoryNotFound);
  const trashId = await ctx.transaction(async (trx) => {
    const ids = [id, ...(await repo.listChildren(trx, id)).map((child) => child.id)];
    let inUse = 0;
    for (const reference of categoryReferences) inUse += (await reference.blocksDelete?.(trx, ids)) ?? 0;
    if (inUse > 0) throw conflict(catalogueMessages.categoryInUse(inUse));
    const moved = await moveToTrash(
      trx,
      { ...trashMove(ctx, caller), entity: 'category', entityId: id, name: row.name },
      [
        ['categories', 'parent_id', [id]],
        ['categories', 'id', [id]],
      ],
    );
    if (!moved) throw notFound(catalogueMessages.categoryNotFound);
    return moved.trashId;
  });
  ctx.log.info({ event: 'category.deleted', categoryId: id, by: caller.id, trashId }, 'category moved to the trash');
  return { success: true as const, message: catalogueMessages.categoryDeleted, trashId };
}

export async function countRootCategories(ctx: AppContext) {
  return { categoryCount: await repo.countCategories(ctx.db, 'root') };
}

export async function countSubCategories(ctx: AppContext) {
  return { categoryCount: await repo.countCategories(ctx.db, 'sub') };
}
