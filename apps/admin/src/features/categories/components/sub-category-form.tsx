import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { type SubCategoryForm as SubCategoryValues, subCategoryFormSchema } from '@shopdesk/contract';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { useProgressWhile } from '../../../lib/progress';
import { useCreateSubCategory } from '../api/create-sub-category';
import { useCategories } from '../api/list-categories';
import { CategoriesEmpty } from './categories-empty';

/** The spec's select menu size (§9). */
const menuPaperStyle = { maxHeight: 224, width: 250 };

/** Add Sub Category: a parent category and a name; back to the list on success. */
export function SubCategoryForm() {
  const categories = useCategories();
  const form = useSpecForm<SubCategoryValues, SubCategoryValues>({
    defaultValues: { parentId: '', name: '' },
    resolver: specResolver(subCategoryFormSchema),
  });
  const create = useCreateSubCategory();
  const navigate = useNavigate();
  useProgressWhile(categories.isLoading);

  function handleSubmit(data: SubCategoryValues) {
    create.mutate(data, {
      onSuccess: () => {
        showAlert('success', uiMessages.subCategoryAdded);
        void navigate('/subCategory');
      },
      onError: form.showServerError,
    });
  }

  if (categories.isPending) return <LoadingState />;
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  if (categories.data.length === 0) {
    return (
      <Paper>
        <CategoriesEmpty message={uiMessages.noCategories} to="/category/add" linkLabel="Add a category first" />
      </Paper>
    );
  }
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ p: 3, display: 'grid', gap: 2.5 }}
    >
      <FormTextField
        control={form.control}
        name="parentId"
        select
        id="parent-category"
        label="Parent Category"
        fullWidth
        slotProps={{ select: { MenuProps: { slotProps: { paper: { style: menuPaperStyle } } } } }}
      >
        {categories.data.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={form.control} name="name" label="Sub Category" fullWidth />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={create.isPending} sx={{ minWidth: 200 }}>
          {create.isPending ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Add Sub Category'}
        </Button>
      </Box>
    </Paper>
  );
}
