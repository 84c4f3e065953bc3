import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { SidebarLink } from './sidebar-links';

type Props = {
  id: string;
  title: string;
  icon: ReactNode;
  links: SidebarLink[];
  isOpen: boolean;
  onToggle: () => void;
  onNavigate: () => void;
};

export function SidebarGroup({ id, title, icon, links, isOpen, onToggle, onNavigate }: Props) {
  const panelId = `sidebar-group-${id}`;
  return (
    <li>
      <ListItemButton onClick={onToggle} aria-expanded={isOpen} aria-controls={panelId}>
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{icon}</ListItemIcon>
        <ListItemText primary={title} />
        {isOpen ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      {/* unmountOnExit: closed groups keep no links in the page or the tab order. */}
      <Collapse in={isOpen} timeout="auto" unmountOnExit id={panelId}>
        <List disablePadding>
          {links.map((link) => (
            <li key={link.to}>
              <ListItemButton component={NavLink} to={link.to} end onClick={onNavigate} sx={{ pl: 7 }}>
                <ListItemText primary={link.label} />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Collapse>
    </li>
  );
}
