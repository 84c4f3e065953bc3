import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  firstMessage,
  securityMessages,
  type TwoFactorSetup,
  twoFactorSetupBodySchema,
  type User,
} from '@shopdesk/contract';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { showAlert } from '../../../lib/alerts';
import { errorMessage } from '../../../lib/api-error';
import { useStartTwoFactor } from '../api/start-two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoStep } from './turn-off-two-step';
import { TwoStepSetup } from './two-step-setup';

type Props = { user: User; onChanged: () => void };

/** Two-step sign-in: off → set up → recovery codes (once) → on → turn off. */
export function TwoStepPanel({ user, onChanged }: Props) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const start = useStartTwoFactor();
  // The sign-in screen sends administrators here when the shop requires two-step sign-in.
  const [params] = useSearchParams();
  const isRequired = params.get('required') === '1' && !user.twoFactorEnabled;

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;

  function turnOn(event: FormEvent) {
    event.preventDefault();
    const parsed = twoFactorSetupBodySchema.safeParse({ password });
    if (!parsed.success) {
      showAlert('error', firstMessage(parsed.error));
      return;
    }
    start.mutate(parsed.data.password, {
      onSuccess: (answer) => {
        setPassword('');
        setSetup(answer);
      },
      onError: (error) => showAlert('error', errorMessage(error)),
    });
  }
  const enabled = (recoveryCodes: string[]) => {
    setSetup(null);
    setCodes(recoveryCodes);
    onChanged();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {isRequired ? <Alert severity="warning">{securityMessages.twoFactorRequired}</Alert> : null}
      <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600 }}>
        {user.twoFactorEnabled ? securityMessages.twoFactorEnabled : securityMessages.twoFactorDisabled}
      </Typography>
      {user.twoFactorEnabled ? (
        <TurnOffTwoStep onTurnedOff={onChanged} />
      ) : setup ? (
        <TwoStepSetup setup={setup} onEnabled={enabled} onCancel={() => setSetup(null)} />
      ) : (
        <>
          <Typography>
            With two-step sign-in, signing in also needs a code from an authenticator app on your phone, so a stolen
            password alone is not enough.
          </Typography>
          <Box component="form" noValidate onSubmit={turnOn} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
            <Typography>To turn it on, enter your current password.</Typography>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              fullWidth
            />
            <Box>
              <Button type="submit" variant="contained" disabled={start.isPending}>
                {start.isPending ? <CircularProgress size={24} color="inherit" aria-label="Please wait" /> : 'Turn on'}
              </Button>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
