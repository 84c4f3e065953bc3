import type { CSSObject, Theme } from '@mui/material/styles';

// MUI's Star and StarBorder icons, as CSS masks.
const starPath = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const starBorderPath =
  'M22 9.24l-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03L22 9.24zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28L12 15.4z';
const maskOf = (path: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='${path}'/></svg>`)}")`;

/** Rounded to the nearest half star, as MUI's Rating with precision 0.5 does. */
export const roundToHalf = (value: number | null | undefined) =>
  value == null ? null : Number((Math.round(value * 2) / 2).toFixed(1));

/** The same name MUI's read-only Rating gives itself: '4.5 Stars', '1 Star', '0 Stars'. */
export const starsLabel = (value: number | null) => `${value || '0'} Star${value !== 1 ? 's' : ''}`;

const row = (path: string, color: string): CSSObject => ({
  backgroundColor: color,
  maskImage: maskOf(path),
  maskSize: '1em 1em',
  maskRepeat: 'repeat-x',
  WebkitMaskImage: maskOf(path),
  WebkitMaskSize: '1em 1em',
  WebkitMaskRepeat: 'repeat-x',
});

/**
 * The look of MUI's small read-only Rating: five 18px stars, gold where filled, outlined in
 * the theme's disabled colour where empty (a half star is a gold half over an outline), each
 * layer one element masked by a repeated star. Set once by whoever lists many of them, so a
 * row of stars costs no style work.
 */
export const readOnlyStarsStyles = (theme: Theme): CSSObject => ({
  '& .stars': {
    display: 'inline-block',
    position: 'relative',
    fontSize: theme.typography.pxToRem(18),
    width: '5em',
    height: '1em',
  },
  '& .stars > span': { position: 'absolute', top: 0, bottom: 0 },
  '& .stars-empty': { right: 0, ...row(starBorderPath, theme.palette.action.disabled) },
  '& .stars-filled': { left: 0, ...row(starPath, '#faaf00') },
});

/**
 * Read-only stars in half steps, named like MUI's read-only Rating (role img, '3 Stars'),
 * drawn by two elements: a table of them renders in a fraction of the time.
 * Needs readOnlyStarsStyles on an ancestor.
 */
export function ReadOnlyStars({ value }: { value: number | null | undefined }) {
  const rounded = roundToHalf(value);
  const filled = Math.min(5, Math.max(0, rounded ?? 0));
  return (
    <span className="stars" role="img" aria-label={starsLabel(rounded)}>
      <span className="stars-empty" style={{ left: `${Math.floor(filled)}em` }} />
      <span className="stars-filled" style={{ width: `${filled}em` }} />
    </span>
  );
}
