import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import { alpha, type CSSObject, type Theme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { type Product, smallImageUrl } from '@shopdesk/contract';
import { memo } from 'react';
import { ReadOnlyStars, readOnlyStarsStyles } from '../../../components/ui/read-only-stars';
import { formatRupees } from '../../../lib/format';

type Props = {
  product: Product;
  onDelete: (id: string) => void;
  isDeleting: boolean;
  /** What the signed-in role may do (api.md §10): without it, the action is not shown. */
  canEdit: boolean;
  canDelete: boolean;
  /** With bulk work on (Product List): the row's checkbox, first, and whether it is ticked. */
  onSelect?: ((id: string, checked: boolean) => void) | undefined;
  selected?: boolean;
};

// Made once and shared by every row: an icon element that never changes is not rendered again.
const viewIcon = <VisibilityIcon fontSize="small" />;
const editIcon = <EditIcon fontSize="small" />;
const deleteIcon = <DeleteIcon fontSize="small" />;

/** An action's colour, and its shade under the pointer and (stronger) under keyboard focus. */
const actionColor = (theme: Theme, color: string): CSSObject => ({
  color,
  '@media (hover: hover)': { '&:hover': { backgroundColor: alpha(color, theme.palette.action.hoverOpacity) } },
  '&:focus-visible': { backgroundColor: alpha(color, 0.3) },
});

/**
 * What in a row is not an MUI component (picture, name, description, prices, the action
 * links) is plain elements with class names, styled once on the table from the theme, so a
 * page of rows creates no styled component for them. The actions are MUI's icons in plain
 * links and a button: an IconButton each (75 on a page of 25) made turning a page ~1.7 times
 * slower.
 */
export const productRowStyles = (theme: Theme): CSSObject => ({
  '& .product-cell': { minWidth: 260 },
  // With the checkbox column first (Product List), the product cell gives up its width, so the
  // table still fits beside the sidebar at 1366 px without scrolling sideways.
  '&.with-select .product-cell': { minWidth: 200 },
  '& .select-cell': { width: 40, padding: theme.spacing(0, 0, 0, 1) },
  '& .nowrap': { whiteSpace: 'nowrap' },
  '& .product-summary': { display: 'flex', gap: theme.spacing(1.5), alignItems: 'center' },
  '& .product-thumb': {
    width: 56,
    height: 56,
    flexShrink: 0,
    borderRadius: theme.shape.borderRadius,
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
  '& .product-old-price': { display: 'block', color: theme.palette.text.secondary },
  '& .product-price': { color: theme.palette.error.main, fontWeight: 600 },
  '& .row-action': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    verticalAlign: 'middle',
    padding: theme.spacing(1),
    margin: 0,
    border: 0,
    borderRadius: '50%',
    outline: 0,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
  },
  '& .row-action-view': actionColor(theme, theme.palette.secondary.main),
  '& .row-action-edit': actionColor(theme, theme.palette.success.main),
  '& .row-action-delete': actionColor(theme, theme.palette.error.main),
  // A native checkbox per row (see above on MUI components per row), in the theme's colour.
  '& .row-select': {
    width: 18,
    height: 18,
    margin: theme.spacing(0, 0.5),
    verticalAlign: 'middle',
    accentColor: theme.palette.primary.main,
    cursor: 'pointer',
  },
  '& .row-action:disabled': { color: theme.palette.action.disabled, cursor: 'default', pointerEvents: 'none' },
  ...readOnlyStarsStyles(theme),
});

/**
 * One product: picture, name and description, category, brand, prices, stars, actions.
 * The links are plain anchors (the table follows them inside the app: followAppLink).
 */
export const ProductRow = memo(function ProductRow({
  product,
  onDelete,
  isDeleting,
  canEdit,
  canDelete,
  onSelect,
  selected = false,
}: Props) {
  const image = product.images[0];
  const detailsPath = `/product/details/${product.id}`;
  return (
    <TableRow hover selected={selected}>
      {onSelect && (
        <TableCell className="select-cell">
          <input
            type="checkbox"
            className="row-select"
            aria-label={`Select ${product.name}`}
            checked={selected}
            onChange={(event) => onSelect(product.id, event.target.checked)}
          />
        </TableCell>
      )}
      <TableCell className="product-cell">
        <div className="product-summary">
          <div className="product-thumb">
            {image && (
              // The name beside it says what it is: the picture is decorative for screen readers.
              // Keyed by its address: a row reused for another product never shows the old picture.
              <img key={image} src={smallImageUrl(image)} alt="" width={56} height={56} loading="lazy" />
            )}
          </div>
          <div className="product-text">
            <a className="product-name" href={detailsPath}>
              {product.name}
            </a>
            <p className="product-description">{product.description}</p>
          </div>
        </div>
      </TableCell>
      <TableCell>{product.catName}</TableCell>
      <TableCell>{product.subCatName}</TableCell>
      <TableCell>
        <Chip label={product.brand} size="small" color="primary" variant="outlined" />
      </TableCell>
      <TableCell className="nowrap">
        <del className="product-old-price">{formatRupees(product.oldPrice)}</del>
        <span className="product-price">{formatRupees(product.price)}</span>
      </TableCell>
      <TableCell>
        <ReadOnlyStars value={product.rating} />
      </TableCell>
      <TableCell className="nowrap">
        <a className="row-action row-action-view" href={detailsPath} aria-label={`View ${product.name}`}>
          {viewIcon}
        </a>
        {canEdit && (
          <a
            className="row-action row-action-edit"
            href={`/product/edit/${product.id}`}
            aria-label={`Edit ${product.name}`}
          >
            {editIcon}
          </a>
        )}
        {canDelete && (
          <button
            type="button"
            className="row-action row-action-delete"
            aria-label={`Delete ${product.name}`}
            disabled={isDeleting}
            onClick={() => onDelete(product.id)}
          >
            {deleteIcon}
          </button>
        )}
      </TableCell>
    </TableRow>
  );
});
