import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import {
  acceptedImageTypes,
  type Banner,
  type BannerFamily,
  bannerFamilies,
  bannerFormSchema,
  strictImageTypes,
} from '@shopdesk/contract';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { ImageUploader } from '../../../components/ui/image-uploader';
import { showAlert } from '../../../lib/alerts';
import { deleteAllTemporaryImages } from '../../../lib/temporary-uploads';
import { useSaveBanner } from '../api/save-banner';
import { bannerWords } from './banner-words';
import { type BannerValues, CategorySelects } from './category-selects';

type Props = { family: BannerFamily; banner?: Banner };

/** The one add/edit form of every banner family; edit when a saved banner is given. */
export function BannerForm({ family, banner }: Props) {
  const spec = bannerFamilies[family];
  const isEdit = Boolean(banner);
  // A family without categories sends them blank, as the schema reads a missing one.
  const form = useSpecForm<BannerValues, BannerValues>({
    defaultValues: { images: banner?.images ?? [], catId: banner?.catId ?? '', subCatId: banner?.subCatId ?? '' },
    resolver: specResolver(bannerFormSchema),
  });
  const images = useController({ control: form.control, name: 'images' });
  const [isUploading, setIsUploading] = useState(false);
  const save = useSaveBanner(family, banner?.id);
  const navigate = useNavigate();

  // Spec §4: leftovers of an abandoned form must not join this form's next upload.
  useEffect(() => {
    void deleteAllTemporaryImages();
  }, []);

  function handleSubmit(data: BannerValues) {
    save.mutate(data, {
      onSuccess: () => {
        showAlert('success', isEdit ? bannerWords.updated(spec.title) : bannerWords.added(spec.title));
        // The images belong to the saved record now; the temporary list is stale.
        void deleteAllTemporaryImages();
        void navigate(spec.listPath);
      },
      onError: form.showServerError,
    });
  }

  const isBusy = save.isPending || isUploading;
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ p: 3, display: 'grid', gap: 3 }}
    >
      {spec.hasCategory && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <CategorySelects control={form.control} disabled={save.isPending} />
        </Box>
      )}
      <ImageUploader
        family={spec.apiPath}
        acceptedTypes={isEdit && spec.strictEditTypes ? strictImageTypes : acceptedImageTypes}
        value={images.field.value}
        onChange={images.field.onChange}
        onBusyChange={setIsUploading}
      />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={isBusy} sx={{ minWidth: 200 }}>
          {save.isPending ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Publish and View'}
        </Button>
      </Box>
    </Paper>
  );
}
