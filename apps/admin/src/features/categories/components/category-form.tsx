import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  acceptedImageTypes,
  type Category,
  type CategoryForm as CategoryFormOutput,
  categoryFormSchema,
  strictImageTypes,
} from '@shopdesk/contract';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { deleteAllTemporaryImages } from '../../../lib/temporary-uploads';
import { categoryImageFamily } from '../api/category-keys';
import { useSaveCategory } from '../api/save-category';
import { ColorField } from './color-field';
import { useFreshUploadStore } from './use-fresh-upload-store';

type CategoryValues = { name: string; color: string; images: string[] };

/** Add Category and Edit Category: one form; with a category it edits that record. */
export function CategoryForm({ category }: { category?: Category }) {
  const isEdit = Boolean(category);
  const form = useSpecForm<CategoryValues, CategoryFormOutput>({
    defaultValues: { name: category?.name ?? '', color: category?.color ?? '', images: category?.images ?? [] },
    resolver: specResolver(categoryFormSchema),
  });
  const images = useController({ control: form.control, name: 'images' });
  const [isUploading, setIsUploading] = useState(false);
  const isUploadStoreReady = useFreshUploadStore();
  const save = useSaveCategory(category?.id);
  const navigate = useNavigate();

  function handleSubmit(data: CategoryFormOutput) {
    save.mutate(data, {
      onSuccess: () => {
        showAlert('success', isEdit ? uiMessages.categoryUpdated : uiMessages.categoryAdded);
        // The images are on the record now; what is left in the temporary store is stale.
        void deleteAllTemporaryImages();
        void navigate('/category');
      },
      onError: form.showServerError,
    });
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ display: 'grid', gap: 3 }}
    >
      <Paper sx={{ p: 3, display: 'grid', gap: 2.5 }}>
        <FormTextField control={form.control} name="name" label="Category Name" fullWidth />
        <ColorField control={form.control} name="color" />
      </Paper>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600, mb: 2 }}>
          Images
        </Typography>
        {isUploadStoreReady ? (
          <ImageUploader
            family={categoryImageFamily}
            // Category edit takes only JPEG and PNG (spec §5).
            acceptedTypes={isEdit ? strictImageTypes : acceptedImageTypes}
            value={images.field.value}
            onChange={images.field.onChange}
            onBusyChange={setIsUploading}
          />
        ) : (
          <Button variant="outlined" startIcon={<CloudUploadIcon />} disabled sx={{ mt: 2 }}>
            Upload images
          </Button>
        )}
      </Paper>
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={save.isPending || isUploading || !isUploadStoreReady}
          sx={{ minWidth: 200 }}
        >
          {save.isPending ? (
            <CircularProgress size={24} color="inherit" aria-label="Saving" />
          ) : isEdit ? (
            'Update Category'
          ) : (
            'Add Category'
          )}
        </Button>
      </Box>
    </Box>
  );
}
