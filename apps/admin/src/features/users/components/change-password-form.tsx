import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { changePasswordFormSchema, firstMessage, type User } from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { PasswordField } from '../../../components/ui/password-field';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';

const emptyForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ user }: { user: User }) {
  const [form, setForm] = useState(emptyForm);
  const change = useChangePassword(user.id);
  const field = (name: keyof typeof emptyForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((previous) => ({ ...previous, [name]: event.target.value })),
    fullWidth: true,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(form);
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    change.mutate(
      {
        name: user.name,
        email: user.email,
        phone: user.phone,
        images: user.images,
        password: form.oldPassword,
        newPass: form.newPassword,
      },
      {
        onSuccess: (answer) => {
          showAlert('success', answer.msg);
          setForm(emptyForm);
        },
        onError: (error) => showAlert('error', errorMessage(error)),
      },
    );
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <PasswordField label="Old Password" autoComplete="current-password" {...field('oldPassword')} />
      <PasswordField label="New password" autoComplete="new-password" {...field('newPassword')} />
      <PasswordField label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
          {change.isPending ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
