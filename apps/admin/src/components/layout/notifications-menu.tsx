import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

// Sample entries, as the spec prescribes for now; real notifications come later.
const sampleNotifications = [
  'Priya Sharma placed an order for a Leather Belt',
  'Rahul Verma added Running Shoes to his favourites',
  'Anita Rao reviewed the Cotton Kurta: 5 stars',
  'Order from Vikram Singh is waiting for confirmation',
];

export function NotificationsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="Notifications"
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'notifications-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={sampleNotifications.length} color="error" overlap="circular">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Menu
        id="notifications-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { width: 340, maxWidth: '100vw' } } }}
      >
        <Typography component="h2" sx={{ px: 2, py: 1, fontWeight: 700, fontSize: 16 }}>
          Orders (12)
        </Typography>
        <Divider />
        {sampleNotifications.map((text) => (
          <MenuItem key={text} onClick={close} sx={{ whiteSpace: 'normal' }}>
            {text}
          </MenuItem>
        ))}
        <Divider />
        <Box sx={{ px: 2, py: 1 }}>
          <Button fullWidth variant="contained" onClick={close}>
            View all notifications
          </Button>
        </Box>
      </Menu>
    </>
  );
}
