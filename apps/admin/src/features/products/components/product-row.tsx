import { alpha, type CSSObject, darken, lighten, type Theme } from '@mui/material/styles';
import { type Product, smallImageUrl } from '@shopdesk/contract';
import { memo } from 'react';
import { ReadOnlyStars, readOnlyStarsStyles } from '../../../components/ui/read-only-stars';

type Props = { product: Product; onDelete: (id: string) => void; isDeleting: boolean };

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);

// MUI's Visibility, Edit and Delete icons, made once and shared by every row.
const viewIcon = icon(
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
);
const editIcon = icon(
  'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
);
const deleteIcon = icon('M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z');

/** An IconButton's measures and states (MUI's values) in one palette colour. */
const actionColor = (theme: Theme, main: string): CSSObject => ({
  color: main,
  '&:hover': {
    backgroundColor: alpha(main, theme.palette.action.hoverOpacity),
    '@media (hover: none)': { backgroundColor: 'transparent' },
  },
  // In place of MUI's pulsing focus ripple: the same circle, held still.
  '&:focus-visible': { backgroundColor: alpha(main, 0.3) },
});

/**
 * A page of product rows is plain table rows, cells, links and buttons with class names;
 * their look (MUI's TableRow, small TableCell, outlined Chip, IconButton and SvgIcon
 * measures) is set once on the table by these styles. Turning a page then creates no styled
 * component per cell, the biggest part of the time between the click and the new rows.
 * The links are plain anchors: the table follows them inside the app (followAppLink).
 */
export const productRowStyles = (theme: Theme): CSSObject => ({
  '& .product-row': {
    color: 'inherit',
    display: 'table-row',
    verticalAlign: 'middle',
    outline: 0,
    '&:hover': { backgroundColor: theme.palette.action.hover },
  },
  '& .product-row > td': {
    fontFamily: theme.typography.body2.fontFamily,
    fontWeight: theme.typography.body2.fontWeight,
    fontSize: theme.typography.body2.fontSize,
    lineHeight: theme.typography.body2.lineHeight,
    letterSpacing: theme.typography.body2.letterSpacing,
    display: 'table-cell',
    verticalAlign: 'inherit',
    borderBottom: `1px solid ${
      theme.palette.mode === 'light'
        ? lighten(alpha(theme.palette.divider, 1), 0.88)
        : darken(alpha(theme.palette.divider, 1), 0.68)
    }`,
    textAlign: 'left',
    padding: '6px 16px',
    color: theme.palette.text.primary,
  },
  '& .product-row > td.product-cell': { minWidth: 260 },
  '& .product-row > td.nowrap': { whiteSpace: 'nowrap' },
  '& .product-summary': { display: 'flex', gap: theme.spacing(1.5), alignItems: 'center' },
  '& .product-thumb': {
    width: 56,
    height: 56,
    flexShrink: 0,
    borderRadius: `${theme.shape.borderRadius}px`,
    overflow: 'hidden',
    backgroundColor: theme.palette.action.hover,
  },
  '& .product-thumb img': { objectFit: 'cover', display: 'block' },
  '& .product-text': { minWidth: 0 },
  '& .product-name': {
    color: theme.palette.primary.main,
    fontWeight: 600,
    textDecoration: 'none',
    '&:hover': { textDecoration: 'underline' },
  },
  '& .product-description': {
    margin: 0,
    color: theme.palette.text.secondary,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    maxWidth: 260,
  },
  // An outlined small primary Chip, for a label nobody clicks.
  '& .product-brand': {
    display: 'inline-block',
    maxWidth: '100%',
    boxSizing: 'border-box',
    height: 24,
    lineHeight: '22px',
    padding: '0 7px',
    borderRadius: 12,
    border: `1px solid ${alpha(theme.palette.primary.main, 0.7)}`,
    color: theme.palette.primary.main,
    fontSize: theme.typography.pxToRem(13),
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
  },
  '& .product-old-price': { display: 'block', color: theme.palette.text.secondary },
  '& .product-price': { color: theme.palette.error.main, fontWeight: 600 },
  '& .row-action': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    verticalAlign: 'middle',
    margin: 0,
    border: 0,
    padding: 8,
    borderRadius: '50%',
    outline: 0,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    WebkitTapHighlightColor: 'transparent',
    fontSize: theme.typography.pxToRem(24),
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '& svg': {
      width: '1em',
      height: '1em',
      display: 'inline-block',
      flexShrink: 0,
      fill: 'currentColor',
      fontSize: theme.typography.pxToRem(20),
    },
  },
  '& .row-action-view': actionColor(theme, theme.palette.secondary.main),
  '& .row-action-edit': actionColor(theme, theme.palette.success.main),
  '& .row-action-delete': actionColor(theme, theme.palette.error.main),
  '& .row-action:disabled': {
    pointerEvents: 'none',
    cursor: 'default',
    backgroundColor: 'transparent',
    color: theme.palette.action.disabled,
  },
  ...readOnlyStarsStyles(theme),
});

/** One product: picture, name and description, category, brand, prices, stars, actions. */
export const ProductRow = memo(function ProductRow({ product, onDelete, isDeleting }: Props) {
  const image = product.images[0];
  const detailsPath = `/product/details/${product.id}`;
  return (
    <tr className="product-row">
      <td className="product-cell">
        <div className="product-summary">
          <div className="product-thumb">
            {image && (
              // The name beside it says what it is: the picture is decorative for screen readers.
              <img src={smallImageUrl(image)} alt="" width={56} height={56} loading="lazy" />
            )}
          </div>
          <div className="product-text">
            <a className="product-name" href={detailsPath}>
              {product.name}
            </a>
            <p className="product-description">{product.description}</p>
          </div>
        </div>
      </td>
      <td>{product.catName}</td>
      <td>{product.subCatName}</td>
      <td>
        <span className="product-brand">{product.brand}</span>
      </td>
      <td className="nowrap">
        <del className="product-old-price">Rs {product.oldPrice}</del>
        <span className="product-price">Rs {product.price}</span>
      </td>
      <td>
        <ReadOnlyStars value={product.rating} />
      </td>
      <td className="nowrap">
        <a className="row-action row-action-view" href={detailsPath} aria-label={`View ${product.name}`}>
          {viewIcon}
        </a>
        <a
          className="row-action row-action-edit"
          href={`/product/edit/${product.id}`}
          aria-label={`Edit ${product.name}`}
        >
          {editIcon}
        </a>
        <button
          type="button"
          className="row-action row-action-delete"
          aria-label={`Delete ${product.name}`}
          disabled={isDeleting}
          onClick={() => onDelete(product.id)}
        >
          {deleteIcon}
        </button>
      </td>
    </tr>
  );
});
