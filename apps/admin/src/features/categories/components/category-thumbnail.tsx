import Box from '@mui/material/Box';
import { smallImageUrl } from '@shopdesk/contract';

/** A category's first image as the small WebP variant, loaded only when scrolled into view. */
export function CategoryThumbnail({ name, images }: { name: string; images: string[] }) {
  const first = images[0];
  if (!first) return null;
  return (
    <Box
      component="img"
      src={smallImageUrl(first)}
      alt={name}
      loading="lazy"
      width={56}
      height={56}
      sx={{ objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
    />
  );
}
