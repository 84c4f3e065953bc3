import { z } from 'zod';
import { objectBodySchema, requiredImages, requiredText } from './common';
import { messages } from './messages';

export { categoriesPath } from './paths';

const categoryFields = {
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  images: z.array(z.string()),
  parentId: z.string().optional(),
};

export const subCategorySchema = z.object(categoryFields);
export const categorySchema = z.object({ ...categoryFields, children: z.array(subCategorySchema) });
export type Category = z.infer<typeof categorySchema>;
export type SubCategory = z.infer<typeof subCategorySchema>;

export const categoryListSchema = z.object({ categoryList: z.array(categorySchema) });
export const categoryDataSchema = z.object({ categoryData: z.array(categorySchema) });
export const categoryCountSchema = z.object({ categoryCount: z.number().int().nonnegative() });

/** Add Category and Edit Category: name, color and at least one image (spec §5). */
export const categoryFormSchema = z.object({
  name: requiredText(messages.fillAllDetails, 100),
  color: requiredText(messages.fillAllDetails, 50),
  images: requiredImages(messages.fillAllDetails),
});
export type CategoryForm = z.infer<typeof categoryFormSchema>;

/** Add Sub Category: a parent and a name (spec §5). */
export const subCategoryFormSchema = z.object({
  parentId: requiredText(messages.fillAllDetails, 64),
  name: requiredText(messages.fillAllDetails, 100),
});
export type SubCategoryForm = z.infer<typeof subCategoryFormSchema>;

/**
 * What `POST /create` and `PUT /:id` accept on the wire. Which rule applies (category or
 * sub category) depends on parentId or on the record, so the service picks the form schema.
 */
export const categoryBodySchema = objectBodySchema;

export const deletedSchema = z.object({ success: z.literal(true), message: z.string() });
