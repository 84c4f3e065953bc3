import { smallImageUrl } from '@shopdesk/contract';

/** An order line's picture (its small variant), as the products dialog and the order page show it. */
export function LineImage({ image, title }: { image: string; title: string }) {
  if (!image) return null;
  return (
    <img
      src={smallImageUrl(image)}
      alt={title}
      loading="lazy"
      width={48}
      height={48}
      style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
    />
  );
}
