import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { OkMessage } from '@shopdesk/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../lib/alerts';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import type { StoredUser } from '../../lib/session';
import { visuallyHidden } from '../ui/visually-hidden';
import { useLogout } from './use-logout';

export function AccountMenu({ user }: { user: StoredUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const { logout } = useLogout();
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  // Mails the signed-in user a reset link, the same one /forgot-password sends.
  const sendResetLink = () => {
    close();
    api.post<OkMessage>('/api/user/forgotPassword', { email: user.email }).then(
      (answer) => showAlert('success', answer.msg),
      (error: unknown) => showAlert('error', errorMessage(error)),
    );
  };

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'account-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ gap: 1, textAlign: 'left' }}
      >
        {/* Named by its content, "Account menu: name e-mail", so the name holds the visible text;
            the initial only repeats the name. */}
        <Box component="span" style={visuallyHidden}>
          Account menu:{' '}
        </Box>
        <Avatar aria-hidden sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {user.name.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {user.name}
          </Box>{' '}
          <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
            {user.email}
          </Box>
        </Box>
      </Button>
      <Menu id="account-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem onClick={() => go('/my-account')}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          My Account
        </MenuItem>
        <MenuItem onClick={sendResetLink}>
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          Reset Password
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
