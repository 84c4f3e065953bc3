import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import {
  firstMessage,
  messages,
  normalizeEmail,
  profileBodySchema,
  securityMessages,
  type User,
} from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/ui/password-field';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { updateStoredUser } from '../../../lib/session';
import { deleteAllTemporaryImages } from '../../../lib/temporary-uploads';
import { useUpdateUser } from '../api/update-user';
import { ProfilePicture } from './profile-picture';

/** Edit Profile tab; starts from the loaded user (remount it with a new key to reset). */
export function ProfileForm({ user }: { user: User }) {
  const [form, setForm] = useState({ name: user.name, email: user.email, phone: user.phone });
  const [images, setImages] = useState<string[]>(user.images);
  // A new address needs the current password (a borrowed signed-in browser is not enough).
  const [password, setPassword] = useState('');
  const isNewEmail = normalizeEmail(form.email) !== user.email;
  const [isUploading, setIsUploading] = useState(false);
  const update = useUpdateUser(user.id);
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((previous) => ({ ...previous, [name]: event.target.value })),
    fullWidth: true,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileBodySchema.safeParse({ ...form, images, ...(isNewEmail ? { password } : {}) });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    if (isNewEmail && !password) {
      showAlert('error', securityMessages.currentPasswordNeeded);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setPassword('');
        showAlert('success', messages.userUpdated);
        updateStoredUser({ name: saved?.name ?? parsed.data.name, email: saved?.email ?? parsed.data.email });
        // The pictures are on the record now; what is left in the temporary store is stale.
        void deleteAllTemporaryImages();
      },
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ProfilePicture name={form.name} images={images} onChange={setImages} onBusyChange={setIsUploading} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <TextField label="Name" autoComplete="name" {...field('name')} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
          {isNewEmail ? (
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              helper={(id) => (
                <FormHelperText id={id}>Changing your e-mail address needs your current password.</FormHelperText>
              )}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
            />
          ) : null}
          <TextField label="Phone" autoComplete="tel" inputMode="numeric" {...field('phone')} />
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
