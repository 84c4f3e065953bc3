import { z } from 'zod';

export {
  acceptedImageTypes,
  hasImageExtension,
  type ImageFamily,
  imageFamilies,
  maxImageBytes,
  maxImagePixels,
  maxImagesPerUpload,
  smallImageUrl,
  strictImageTypes,
} from './image-files';
export { imageUploadPath } from './paths';

export const uploadResponseSchema = z.array(z.string());
export const tempStoreSchema = z.array(z.object({ _id: z.string(), id: z.string(), images: z.array(z.string()) }));
export const deleteImageQuerySchema = z.object({
  img: z.string({ error: 'img is required' }).min(1, 'img is required').max(2048),
});
