import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useCountries } from '../../api/list-countries';
import { useOptionValues } from '../../api/list-option-values';
import { MultiSelectField } from './multi-select-field';
import type { ProductFormValues } from './product-form-values';

type Props = {
  values: ProductFormValues;
  onChange: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
};

const asOptions = (list: string[] | undefined) => (list ?? []).map((value) => ({ value, label: value }));
/** The spec adds 'All' before the countries (§2). */
const allLocations = { value: 'All', label: 'All' };

/** RAMS, WEIGHT, SIZE, the star rating and the locations. */
export function ProductOptions({ values, onChange }: Props) {
  const rams = useOptionValues('ram');
  const weights = useOptionValues('weight');
  const sizes = useOptionValues('size');
  const countries = useCountries();
  const locations = [allLocations, ...(countries.data ?? []).map((c) => ({ value: c.iso2, label: c.country }))];
  const locationLabels = new Map(
    [...values.location, ...locations].map((option) => [option.value, option.label] as const),
  );
  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      <Grid size={{ xs: 12, md: 4 }}>
        <MultiSelectField
          id="product-rams"
          label="PRODUCT RAMS"
          options={asOptions(rams.data)}
          value={values.productRam}
          onChange={(next) => onChange('productRam', next)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <MultiSelectField
          id="product-weight"
          label="PRODUCT WEIGHT"
          options={asOptions(weights.data)}
          value={values.productWeight}
          onChange={(next) => onChange('productWeight', next)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <MultiSelectField
          id="product-size"
          label="PRODUCT SIZE"
          options={asOptions(sizes.data)}
          value={values.size}
          onChange={(next) => onChange('size', next)}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            RATINGS
          </Typography>
          <Rating
            name="product-rating"
            value={values.rating}
            precision={0.5}
            max={5}
            onChange={(_, next) => onChange('rating', next ?? 0)}
          />
        </Box>
      </Grid>
      {(countries.data?.length ?? 0) > 0 && (
        <Grid size={{ xs: 12, md: 8 }}>
          <MultiSelectField
            id="product-location"
            label="LOCATION"
            options={locations}
            value={values.location.map((location) => location.value)}
            onChange={(next) =>
              onChange(
                'location',
                next.map((value) => ({ value, label: locationLabels.get(value) ?? value })),
              )
            }
          />
        </Grid>
      )}
    </Grid>
  );
}
