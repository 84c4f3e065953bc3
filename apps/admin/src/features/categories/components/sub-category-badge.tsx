import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';

/** Without `onDelete` (a role that may not delete) the badge has no delete icon. */
type Props = { name: string; onDelete?: (() => void) | undefined; isDeleting: boolean };

/**
 * A sub category as a pill with its own delete button. Not MUI's deletable Chip: that makes
 * the whole chip a button and leaves its delete icon without a name.
 */
export function SubCategoryBadge({ name, onDelete, isDeleting }: Props) {
  return (
    <Box
      component="li"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        pl: 1.5,
        pr: 0.25,
        py: 0.25,
        borderRadius: 4,
        bgcolor: 'action.selected',
        fontSize: 14,
      }}
    >
      <span>{name}</span>
      {onDelete && (
        <IconButton size="small" aria-label={`Delete sub category ${name}`} disabled={isDeleting} onClick={onDelete}>
          <CancelIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
