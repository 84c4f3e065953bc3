import Box from '@mui/material/Box';
import { smallImageUrl } from '@shopdesk/contract';

/**
 * A category's first image as the small WebP variant, loaded only when scrolled into view.
 * Decorative: the category's name is in the next cell, so screen readers skip the image.
 */
export function CategoryThumbnail({ images }: { images: string[] }) {
  const first = images[0];
  if (!first) return null;
  return (
    <Box
      component="img"
      src={smallImageUrl(first)}
      alt=""
      loading="lazy"
      width={56}
      height={56}
      sx={{ objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
    />
  );
}
