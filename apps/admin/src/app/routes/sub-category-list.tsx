import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { SubCategoryTable } from '../../features/categories/components/sub-category-table';

export default function SubCategoryListScreen() {
  return (
    <>
      <PageHeader
        title="Sub Category List"
        crumbs={[{ label: 'Sub Category' }]}
        actions={
          <Button component={RouterLink} to="/subCategory/add" variant="contained" startIcon={<AddIcon />}>
            Add Sub Category
          </Button>
        }
      />
      <Paper>
        <SubCategoryTable />
      </Paper>
    </>
  );
}
