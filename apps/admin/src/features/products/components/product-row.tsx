import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Product, smallImageUrl } from '@shopdesk/contract';
import { Link as RouterLink } from 'react-router';

type Props = { product: Product; onDelete: (id: string) => void; isDeleting: boolean };

/** One product: picture, name and description, category, brand, prices, stars, actions. */
export function ProductRow({ product, onDelete, isDeleting }: Props) {
  const image = product.images[0];
  const detailsPath = `/product/details/${product.id}`;
  return (
    <TableRow hover>
      <TableCell sx={{ minWidth: 260 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box
            sx={{ width: 56, height: 56, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
          >
            {image && (
              // The name beside it says what it is: the picture is decorative for screen readers.
              <img
                src={smallImageUrl(image)}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                style={{ objectFit: 'cover', display: 'block' }}
              />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Link component={RouterLink} to={detailsPath} underline="hover" sx={{ fontWeight: 600 }}>
              {product.name}
            </Link>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                maxWidth: 260,
              }}
            >
              {product.description}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell>{product.catName}</TableCell>
      <TableCell>{product.subCatName}</TableCell>
      <TableCell>
        <Chip label={product.brand} size="small" color="primary" variant="outlined" />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography component="del" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          Rs {product.oldPrice}
        </Typography>
        <Typography component="span" variant="body2" color="error" sx={{ fontWeight: 600 }}>
          Rs {product.price}
        </Typography>
      </TableCell>
      <TableCell>
        <Rating value={product.rating} precision={0.5} max={5} readOnly size="small" />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <IconButton component={RouterLink} to={detailsPath} aria-label={`View ${product.name}`} color="secondary">
          <VisibilityIcon fontSize="small" />
        </IconButton>
        <IconButton
          component={RouterLink}
          to={`/product/edit/${product.id}`}
          aria-label={`Edit ${product.name}`}
          color="success"
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          aria-label={`Delete ${product.name}`}
          color="error"
          disabled={isDeleting}
          onClick={() => onDelete(product.id)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
