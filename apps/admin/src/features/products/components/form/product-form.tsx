import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ProductInput, productFormSchema, productMessages } from '@shopdesk/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { specResolver } from '../../../../components/form/spec-resolver';
import { useSpecForm } from '../../../../components/form/use-spec-form';
import { ImageUploader } from '../../../../components/ui/image-uploader';
import { ErrorState, LoadingState } from '../../../../components/ui/query-state';
import { showAlert } from '../../../../lib/alerts';
import { deleteAllTemporaryImages } from '../../../../lib/temporary-uploads';
import { useCategoryOptions } from '../../api/list-category-options';
import { productImageFamily } from '../../api/product-keys';
import { useSaveProduct } from '../../api/save-product';
import { BasicInformation } from './basic-information';
import { emptyProductForm, type ProductFormValues } from './product-form-values';
import { ProductOptions } from './product-options';

/** The product screens close the upload indicator 500 ms after the images load (spec §9). */
const productUploadFinishDelayMs = 500;

type Props = { productId?: string; initialValues?: ProductFormValues };

/** Product Upload and Product Edit: one form; with a product id it updates that product. */
export function ProductForm({ productId, initialValues = emptyProductForm }: Props) {
  // The contract's one schema checks in the spec's order; the first failure is the alert.
  const form = useSpecForm<ProductFormValues, ProductInput>({
    defaultValues: initialValues,
    resolver: specResolver(productFormSchema),
  });
  const values = form.watch();
  const [isUploading, setIsUploading] = useState(false);
  const categories = useCategoryOptions();
  const save = useSaveProduct(productId);
  const navigate = useNavigate();

  function change<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's path value type of a key of the values
    form.setValue(key, value as any, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }

  function submit(data: ProductInput) {
    save.mutate(data, {
      onSuccess: async () => {
        showAlert('success', productId ? productMessages.updated : productMessages.created);
        await deleteAllTemporaryImages();
        void navigate('/products');
      },
      onError: form.showServerError,
    });
  }

  // The selects need their options before they can show a stored category.
  if (categories.isLoading) return <LoadingState label="Loading categories..." />;
  if (categories.isError) return <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;

  const sectionSx = { p: { xs: 2, md: 3 }, mb: 3 };
  const headingSx = { fontSize: 18, fontWeight: 700, mb: 2 };
  return (
    <form onSubmit={(event) => void form.submit(submit)(event)} noValidate>
      <Paper component="section" aria-labelledby="basic-information-title" sx={sectionSx}>
        <Typography id="basic-information-title" variant="h2" sx={headingSx}>
          Basic Information
        </Typography>
        <BasicInformation control={form.control} categories={categories.data ?? []} />
        <ProductOptions values={values} onChange={change} />
      </Paper>
      <Paper component="section" aria-labelledby="media-title" sx={sectionSx}>
        <Typography id="media-title" variant="h2" sx={headingSx}>
          Media And Published
        </Typography>
        <ImageUploader
          family={productImageFamily}
          value={values.images}
          onChange={(images) => change('images', images)}
          onBusyChange={setIsUploading}
          finishDelayMs={productUploadFinishDelayMs}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={save.isPending || isUploading}
          startIcon={
            save.isPending ? <CircularProgress size={20} color="inherit" aria-label="Please wait" /> : undefined
          }
          sx={{ mt: 3 }}
        >
          PUBLISH AND VIEW
        </Button>
      </Paper>
    </form>
  );
}
