import { z } from 'zod';
import { asText, requiredImages } from './common';
import { messages } from './messages';

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

const optionalId = z.preprocess(
  (value) => (value === null || value === undefined ? '' : asText(value)),
  z.string().trim().max(64),
);

/** Add and edit: at least one image (spec §5); category and sub category are optional. */
export const bannerFormSchema = z.object({
  images: requiredImages(messages.fillAllDetails),
  catId: optionalId,
  subCatId: optionalId,
});
export type BannerForm = z.input<typeof bannerFormSchema>;
