import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { useCan } from '../../../lib/permissions';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';
import { CategoriesEmpty } from './categories-empty';
import { CategoryThumbnail } from './category-thumbnail';
import { ColorSwatch } from './color-swatch';

/** Category List table: IMAGE, CATEGORY, COLOR, ACTION; newest first (spec §2). */
export function CategoryTable() {
  const categories = useCategories();
  const { deleteItem, deletingId, isShown: isDeleteShown } = useDeleteCategory();
  const canWrite = useCan('catalogue:write');
  useProgressWhile(categories.isLoading);

  if (categories.isPending) return <LoadingState />;
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  if (categories.data.length === 0) {
    return <CategoriesEmpty message={uiMessages.noCategories} to="/category/add" linkLabel="Add your first category" />;
  }
  // The API lists in creation order; the screen shows the newest first.
  const rows = [...categories.data].reverse();
  return (
    <TableContainer>
      <Table aria-label="Categories">
        <TableHead>
          <TableRow>
            <TableCell>IMAGE</TableCell>
            <TableCell>CATEGORY</TableCell>
            <TableCell>COLOR</TableCell>
            <TableCell>ACTION</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((category) => (
            <TableRow key={category.id} hover>
              <TableCell>
                <CategoryThumbnail images={category.images} />
              </TableCell>
              <TableCell>{category.name}</TableCell>
              <TableCell>
                <ColorSwatch color={category.color} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {canWrite && (
                  <IconButton
                    component={RouterLink}
                    to={`/category/edit/${category.id}`}
                    aria-label={`Edit ${category.name}`}
                    color="success"
                  >
                    <EditIcon />
                  </IconButton>
                )}
                {isDeleteShown && (
                  <IconButton
                    aria-label={`Delete ${category.name}`}
                    color="error"
                    disabled={deletingId === category.id}
                    onClick={() => deleteItem(category.id)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
