import { z } from 'zod';
import { requiredImages } from './common';
import { messages } from './messages';
import { productMessages } from './product-messages';

export const bannerSchema = z.object({
  id: z.string(),
  _id: z.string(),
  images: z.array(z.string()),
  catId: z.string().optional(),
  catName: z.string().optional(),
  subCat: z.string().optional(),
  subCatId: z.string().optional(),
  subCatName: z.string().optional(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** An optional id: missing, null or blank is none; a list or an object is refused, not turned into text. */
const optionalId = (message: string) =>
  z.preprocess((value) => value ?? '', z.string({ error: message }).trim().max(64, message));

/**
 * Add and edit: at least one image (spec §5); category and sub category are optional, but a
 * sub category needs its category (the server checks that it is one of that category's).
 */
export const bannerFormSchema = z
  .object({
    images: requiredImages(messages.fillAllDetails),
    catId: optionalId(productMessages.invalidCategory),
    subCatId: optionalId(productMessages.invalidSubCategory),
  })
  .refine((form) => form.catId !== '' || form.subCatId === '', {
    message: productMessages.category,
    path: ['catId'],
  });
export type BannerForm = z.input<typeof bannerFormSchema>;
