import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import {
  messages,
  normalizeEmail,
  type ProfileBody,
  profileBodySchema,
  securityMessages,
  type User,
} from '@shopdesk/contract';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { FormOutlinedField } from '../../../components/form/form-outlined-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { updateStoredUser } from '../../../lib/session';
import { deleteAllTemporaryImages } from '../../../lib/temporary-uploads';
import { useUpdateUser } from '../api/update-user';
import { ProfilePicture } from './profile-picture';

type ProfileValues = { name: string; email: string; phone: string; images: string[]; password: string };

/** Edit Profile tab; starts from the loaded user (remount it with a new key to reset). */
export function ProfileForm({ user }: { user: User }) {
  const form = useSpecForm<ProfileValues, ProfileBody>({
    defaultValues: { name: user.name, email: user.email, phone: user.phone, images: user.images, password: '' },
    resolver: specResolver(profileBodySchema),
  });
  const images = useController({ control: form.control, name: 'images' });
  // A new address needs the current password (a borrowed signed-in browser is not enough).
  const isNewEmail = normalizeEmail(form.watch('email')) !== user.email;
  const [isUploading, setIsUploading] = useState(false);
  const update = useUpdateUser(user.id);

  function handleSubmit({ password, ...profile }: ProfileBody) {
    if (isNewEmail && !password) {
      form.fail(securityMessages.currentPasswordNeeded, 'password');
      return;
    }
    update.mutate(isNewEmail ? { ...profile, password } : profile, {
      onSuccess: (saved) => {
        form.resetField('password');
        showAlert('success', messages.userUpdated);
        updateStoredUser({ name: saved?.name ?? profile.name, email: saved?.email ?? profile.email });
        // The pictures are on the record now; what is left in the temporary store is stale.
        void deleteAllTemporaryImages();
      },
      onError: form.showServerError,
    });
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void form.submit(handleSubmit)(event)}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfilePicture
            name={form.watch('name')}
            images={images.field.value}
            onChange={images.field.onChange}
            onBusyChange={setIsUploading}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <FormTextField control={form.control} name="name" label="Name" autoComplete="name" fullWidth />
          <FormTextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            fullWidth
          />
          {isNewEmail ? (
            <FormOutlinedField
              control={form.control}
              name="password"
              password
              label="Current password"
              autoComplete="current-password"
              helper={(id) => (
                <FormHelperText id={id}>Changing your e-mail address needs your current password.</FormHelperText>
              )}
              fullWidth
            />
          ) : null}
          <FormPhoneField control={form.control} name="phone" />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={update.isPending || isUploading}>
              {update.isPending ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Save'}
            </Button>
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
}
