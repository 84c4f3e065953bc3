import { type AcceptInviteBody, acceptInviteBodySchema, staffMessages } from '@shopdesk/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { specResolver } from '../../../components/form/spec-resolver';
import { useSpecForm } from '../../../components/form/use-spec-form';
import { redirectDelayMs } from '../../../config/constants';
import { showAlert } from '../../../lib/alerts';
import { markLoggedIn, saveSession, storedUserOf } from '../../../lib/session';
import { useAcceptInvite } from '../api/accept-invite';
import { AcceptInviteSubmit } from './accept-invite-submit';

type InviteValues = { token: string; name: string; phone: string; password: string; confirmPassword: string };

/**
 * Joining through an invitation: the sign-up form's fields and rules (spec §5) but the e-mail,
 * which is the invitation's. The answer is a sign-in: stored, then the dashboard after 2 s.
 */
export function AcceptInviteForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  // The token is the link's, not a field.
  const form = useSpecForm<InviteValues, AcceptInviteBody>({
    defaultValues: { token, name: '', phone: '', password: '', confirmPassword: '' },
    resolver: specResolver(acceptInviteBodySchema),
  });
  const [isRedirecting, setIsRedirecting] = useState(false);

  function handleSubmit(data: AcceptInviteBody) {
    accept.mutate(data, {
      onSuccess: (answer) => {
        saveSession(answer.token, storedUserOf(answer.user), answer.user.permissions);
        showAlert('success', answer.msg);
        setIsRedirecting(true);
        setTimeout(() => {
          markLoggedIn();
          navigate(answer.twoFactorSetupRequired ? '/my-account?tab=two-step&required=1' : '/dashboard');
        }, redirectDelayMs);
      },
      onError: form.showServerError,
    });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A link without its token: the invitation's words, before any field's.
        if (!token) {
          event.preventDefault();
          showAlert('error', staffMessages.inviteInvalid);
          return;
        }
        void form.submit(handleSubmit)(event);
      }}
      style={{ display: 'grid', gap: 16 }}
    >
      <FormTextField control={form.control} name="name" label="Name" autoComplete="name" fullWidth />
      <FormPhoneField control={form.control} name="phone" />
      <NewPasswordFields control={form.control} />
      <AcceptInviteSubmit isPending={accept.isPending || isRedirecting} />
    </form>
  );
}
