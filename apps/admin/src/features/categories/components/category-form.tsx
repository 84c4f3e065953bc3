import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  acceptedImageTypes,
  type Category,
  categoryFormSchema,
  firstMessage,
  strictImageTypes,
} from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { uiMessages } from '../../../config/ui-messages';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { deleteAllTemporaryImages } from '../../../lib/temporary-uploads';
import { categoryImageFamily } from '../api/category-keys';
import { useSaveCategory } from '../api/save-category';
import { ColorField } from './color-field';
import { useFreshUploadStore } from './use-fresh-upload-store';

/** Add Category and Edit Category: one form; with a category it edits that record. */
export function CategoryForm({ category }: { category?: Category }) {
  const isEdit = Boolean(category);
  const [name, setName] = useState(category?.name ?? '');
  const [color, setColor] = useState(category?.color ?? '');
  const [images, setImages] = useState<string[]>(category?.images ?? []);
  const [isUploading, setIsUploading] = useState(false);
  const isUploadStoreReady = useFreshUploadStore();
  const save = useSaveCategory(category?.id);
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = categoryFormSchema.safeParse({ name, color, images });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => {
        showAlert('success', isEdit ? uiMessages.categoryUpdated : uiMessages.categoryAdded);
        // The images are on the record now; what is left in the temporary store is stale.
        void deleteAllTemporaryImages();
        void navigate('/category');
      },
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 3 }}>
      <Paper sx={{ p: 3, display: 'grid', gap: 2.5 }}>
        <TextField label="Category Name" value={name} onChange={(event) => setName(event.target.value)} fullWidth />
        <ColorField value={color} onChange={setColor} />
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
            value={images}
            onChange={setImages}
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
