import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { CategoryTable } from '../../features/categories/components/category-table';
import { useCan } from '../../lib/permissions';

export default function CategoryListScreen() {
  const canWrite = useCan('catalogue:write');
  return (
    <>
      <PageHeader
        title="Category List"
        crumbs={[{ label: 'Category' }]}
        actions={
          canWrite ? (
            <Button component={RouterLink} to="/category/add" variant="contained" startIcon={<AddIcon />}>
              Add Category
            </Button>
          ) : undefined
        }
      />
      <Paper>
        <CategoryTable />
      </Paper>
    </>
  );
}
