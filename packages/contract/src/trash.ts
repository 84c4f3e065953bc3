import { z } from 'zod';
import { bannerSchema } from './banners';
import { categoryDataSchema, deletedSchema } from './categories';
import { optionFamilies } from './option-families';
import { productSchema } from './products';

export { trashPath } from './paths';
export { trashMessages } from './trash-messages';

/** What the trash holds, named as the activity log names records (api.md §11, §12). */
export const trashEntityNames = [
  'product',
  'category',
  'productRAMS',
  'productWeight',
  'productSIZE',
  'homeBanner',
  'banners',
  'homeSideBanners',
  'homeBottomBanners',
] as const;
export type TrashEntity = (typeof trashEntityNames)[number];

/** How the Trash screen names each kind of record. */
export const trashEntityLabels: Record<TrashEntity, string> = {
  product: 'Product',
  category: 'Category',
  productRAMS: 'Product RAM',
  productWeight: 'Product Weight',
  productSIZE: 'Product Size',
  homeBanner: 'Home Banner Slide',
  banners: 'Banner',
  homeSideBanners: 'Home Side Banner',
  homeBottomBanners: 'Home Bottom Banner',
};

export const trashEntrySchema = z.object({
  trashId: z.string(),
  entity: z.enum(trashEntityNames),
  entityId: z.string(),
  name: z.string(),
  deletedAt: z.string(),
  deletedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  purgeAt: z.string(),
});
export type TrashEntry = z.infer<typeof trashEntrySchema>;
export const trashListSchema = z.array(trashEntrySchema);

export const trashQuerySchema = z.object({
  entity: z.enum(trashEntityNames, { error: `entity must be one of ${trashEntityNames.join(', ')}` }).optional(),
});
export const trashIdParamSchema = z.object({ trashId: z.string().min(1).max(64) });

/** A delete that moved its record to the trash: the spec's answer, plus where it went. */
export const trashedSchema = deletedSchema.extend({ trashId: z.string() });
export type Trashed = z.infer<typeof trashedSchema>;

const optionRecordOfAnyFamily = z.union(
  Object.values(optionFamilies).map(({ field }) =>
    z.object({ id: z.string(), _id: z.string(), [field]: z.string() } as Record<string, z.ZodString>),
  ) as [z.ZodObject, z.ZodObject, z.ZodObject],
);

/**
 * A restore answers the record as its own GET does: a product, `{categoryData:[category]}`,
 * a banner, or an option value.
 */
export const restoredSchema = z.union([productSchema, categoryDataSchema, optionRecordOfAnyFamily, bannerSchema]);
