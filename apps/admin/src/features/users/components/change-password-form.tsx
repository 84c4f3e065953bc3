import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { changePasswordFormSchema, type User } from '@shopdesk/contract';
import { FormOutlinedField } from '../../../components/form/form-outlined-field';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { showAlert } from '../../../lib/alerts';
import { useChangePassword } from '../api/change-password';

const emptyForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ user }: { user: User }) {
  const form = useSpecForm<typeof emptyForm, typeof emptyForm>({
    defaultValues: emptyForm,
    resolver: specResolver(changePasswordFormSchema),
    // The server's names for the two passwords (api.md §3).
    serverField: (key) => ({ password: 'oldPassword', newPass: 'newPassword' })[key],
  });
  const change = useChangePassword(user.id);

  function handleSubmit(values: typeof emptyForm) {
    change.mutate(
      {
        name: user.name,
        email: user.email,
        phone: user.phone,
        images: user.images,
        password: values.oldPassword,
        newPass: values.newPassword,
      },
      {
        onSuccess: (answer) => {
          showAlert('success', answer.msg);
          form.reset(emptyForm);
        },
        onError: form.showServerError,
      },
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.submit(handleSubmit)(event)}
      sx={{ display: 'grid', gap: 2, maxWidth: 520 }}
    >
      {(
        [
          ['oldPassword', 'Old Password', 'current-password'],
          ['newPassword', 'New password', 'new-password'],
          ['confirmPassword', 'Confirm Password', 'new-password'],
        ] as const
      ).map(([name, label, autoComplete]) => (
        <FormOutlinedField
          key={name}
          control={form.control}
          name={name}
          password
          label={label}
          autoComplete={autoComplete}
          fullWidth
        />
      ))}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={change.isPending}>
          {change.isPending ? <CircularProgress size={24} color="inherit" aria-label="Saving" /> : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}
