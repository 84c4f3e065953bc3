import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { type Banner, type BannerFamily, bannerFamilies, smallImageUrl } from '@shopdesk/contract';
import { Link as RouterLink } from 'react-router';

type Props = {
  family: BannerFamily;
  banner: Banner;
  position: number;
  onDelete: () => void;
  isDeleting: boolean;
  /** What the signed-in role may do here (api.md §10): without it, the button is not shown. */
  canEdit: boolean;
  canDelete: boolean;
};

export function BannerRow({ family, banner, position, onDelete, isDeleting, canEdit, canDelete }: Props) {
  const spec = bannerFamilies[family];
  const image = banner.images[0];
  const name = `${spec.title} ${position}`;
  return (
    <TableRow hover>
      <TableCell>
        {image ? (
          <Box
            component="img"
            src={smallImageUrl(image)}
            alt={name}
            loading="lazy"
            sx={{ width: 160, height: 80, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ) : null}
      </TableCell>
      {spec.hasCategory && <TableCell>{banner.catName}</TableCell>}
      {spec.hasCategory && <TableCell>{banner.subCatName}</TableCell>}
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1 }}>
          {canEdit && (
            <IconButton
              component={RouterLink}
              to={`${spec.editPath}/${encodeURIComponent(banner.id)}`}
              aria-label={`Edit ${name}`}
              color="success"
            >
              <EditIcon />
            </IconButton>
          )}
          {canDelete && (
            <IconButton aria-label={`Delete ${name}`} color="error" onClick={onDelete} disabled={isDeleting}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}
