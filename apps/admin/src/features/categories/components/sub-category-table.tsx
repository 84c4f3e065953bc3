import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { useProgressWhile } from '../../../lib/progress';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/list-categories';
import { CategoriesEmpty } from './categories-empty';
import { CategoryThumbnail } from './category-thumbnail';
import { SubCategoryBadge } from './sub-category-badge';

/** Sub Category List: only categories with children, each child a badge (spec §2). */
export function SubCategoryTable() {
  const categories = useCategories();
  const { deleteItem, deletingId, isShown: isDeleteShown } = useDeleteCategory();
  useProgressWhile(categories.isLoading);

  if (categories.isPending) return <LoadingState />;
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  // Newest parent first, as on the Category List.
  const parents = categories.data.filter((category) => category.children.length > 0).reverse();
  if (parents.length === 0) {
    return (
      <CategoriesEmpty message={uiMessages.noSubCategories} to="/subCategory/add" linkLabel="Add a sub category" />
    );
  }
  return (
    <TableContainer>
      <Table aria-label="Sub categories">
        <TableHead>
          <TableRow>
            <TableCell>CATEGORY IMAGE</TableCell>
            <TableCell>CATEGORY</TableCell>
            <TableCell>SUB CATEGORY</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {parents.map((category) => (
            <TableRow key={category.id} hover>
              <TableCell sx={{ width: 120 }}>
                <CategoryThumbnail images={category.images} />
              </TableCell>
              <TableCell>{category.name}</TableCell>
              <TableCell>
                <Box
                  component="ul"
                  aria-label={`Sub categories of ${category.name}`}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
                >
                  {category.children.map((child) => (
                    <SubCategoryBadge
                      key={child.id}
                      name={child.name}
                      isDeleting={deletingId === child.id}
                      onDelete={isDeleteShown ? () => deleteItem(child.id) : undefined}
                    />
                  ))}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
