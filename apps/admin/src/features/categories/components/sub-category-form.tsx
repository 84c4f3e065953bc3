import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import { firstMessage, subCategoryFormSchema } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useProgressWhile } from '../../../lib/progress';
import { useCreateSubCategory } from '../api/create-sub-category';
import { useCategories } from '../api/list-categories';
import { CategoriesEmpty } from './categories-empty';

/** The spec's select menu size (§9). */
const menuPaperStyle = { maxHeight: 224, width: 250 };

/** Add Sub Category: a parent category and a name; back to the list on success. */
export function SubCategoryForm() {
  const categories = useCategories();
  const [parentId, setParentId] = useState('');
  const [name, setName] = useState('');
  const create = useCreateSubCategory();
  const navigate = useNavigate();
  useProgressWhile(categories.isLoading);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = subCategoryFormSchema.safeParse({ parentId, name });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        showAlert('success', uiMessages.subCategoryAdded);
        void navigate('/subCategory');
      },
      onError: (error) => showAlert('error', errorMessage(error)),
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
    <Paper component="form" noValidate onSubmit={handleSubmit} sx={{ p: 3, display: 'grid', gap: 2.5 }}>
      <FormControl fullWidth>
        <InputLabel id="parent-category-label">Parent Category</InputLabel>
        <Select
          labelId="parent-category-label"
          label="Parent Category"
          value={parentId}
          onChange={(event) => setParentId(event.target.value)}
          MenuProps={{ slotProps: { paper: { style: menuPaperStyle } } }}
        >
          {categories.data.map((category) => (
            <MenuItem key={category.id} value={category.id}>
              {category.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <TextField label="Sub Category" value={name} onChange={(event) => setName(event.target.value)} fullWidth />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={create.isPending} sx={{ minWidth: 200 }}>
          {create.isPending ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Add Sub Category'}
        </Button>
      </Box>
    </Paper>
  );
}
