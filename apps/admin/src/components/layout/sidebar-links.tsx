import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ImageIcon from '@mui/icons-material/Image';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import ViewAgendaIcon from '@mui/icons-material/ViewAgenda';
import ViewSidebarIcon from '@mui/icons-material/ViewSidebar';
import type { Permission } from '@shopdesk/contract';
import type { ReactNode } from 'react';

/** A link shows only to a role holding its permission (api.md §10); a group with none left is hidden. */
export type SidebarLink = { label: string; to: string; permission?: Permission };
export type SidebarEntry =
  | ({ kind: 'link'; icon: ReactNode } & SidebarLink)
  | { kind: 'group'; id: string; title: string; icon: ReactNode; links: SidebarLink[] };

/** The spec's sidebar (§2), labels verbatim. */
export const sidebarEntries: SidebarEntry[] = [
  { kind: 'link', label: 'Dashboard', to: '/', icon: <DashboardIcon /> },
  {
    kind: 'group',
    id: 'homeBannerSlide',
    title: 'Home Banner Slides',
    icon: <SlideshowIcon />,
    links: [
      { label: 'Add Home Banner Slide', to: '/homeBannerSlide/add', permission: 'catalogue:write' },
      { label: 'Home Slides List', to: '/homeBannerSlide/list' },
    ],
  },
  {
    kind: 'group',
    id: 'category',
    title: 'Category',
    icon: <CategoryIcon />,
    links: [
      { label: 'Category List', to: '/category' },
      { label: 'Add a category', to: '/category/add', permission: 'catalogue:write' },
    ],
  },
  {
    kind: 'group',
    id: 'subCategory',
    title: 'Sub Category',
    icon: <CategoryIcon />,
    links: [
      { label: 'Sub Category List', to: '/subCategory' },
      { label: 'Add a sub category', to: '/subCategory/add', permission: 'catalogue:write' },
    ],
  },
  {
    kind: 'group',
    id: 'products',
    title: 'Products',
    icon: <Inventory2Icon />,
    links: [
      { label: 'Product List', to: '/products' },
      { label: 'Product Upload', to: '/product/upload', permission: 'catalogue:write' },
      { label: 'Add Product RAMS', to: '/productRAMS/add', permission: 'catalogue:write' },
      { label: 'Add Product WEIGHT', to: '/productWEIGHT/add', permission: 'catalogue:write' },
      { label: 'Add Product SIZE', to: '/productSIZE/add', permission: 'catalogue:write' },
      { label: 'Import Products', to: '/products/import', permission: 'import' },
    ],
  },
  { kind: 'link', label: 'Orders', to: '/orders', icon: <ShoppingCartIcon /> },
  bannerGroup('banners', 'Banners', <ImageIcon />),
  bannerGroup('homeSideBanners', 'Home Side Banners', <ViewSidebarIcon />),
  bannerGroup('homeBottomBanners', 'Home Bottom Banners', <ViewAgendaIcon />),
  {
    kind: 'group',
    id: 'settings',
    title: 'Settings',
    icon: <SettingsIcon />,
    links: [
      { label: 'Staff', to: '/settings/staff', permission: 'staff:manage' },
      { label: 'Roles', to: '/settings/roles', permission: 'staff:manage' },
      { label: 'Activity', to: '/settings/activity', permission: 'audit:read' },
      { label: 'Trash', to: '/settings/trash' },
    ],
  },
];

/** The entries a role holding `permissions` sees: links it may use, groups with any left. */
export function entriesFor(permissions: ReadonlySet<string>): SidebarEntry[] {
  const allowed = (link: SidebarLink) => !link.permission || permissions.has(link.permission);
  return sidebarEntries.flatMap((entry): SidebarEntry[] => {
    if (entry.kind === 'link') return allowed(entry) ? [entry] : [];
    const links = entry.links.filter(allowed);
    return links.length > 0 ? [{ ...entry, links }] : [];
  });
}

// The three banner families share their link labels; only the path differs.
function bannerGroup(path: string, title: string, icon: ReactNode): SidebarEntry {
  return {
    kind: 'group',
    id: path,
    title,
    icon,
    links: [
      { label: 'Banners List', to: `/${path}` },
      { label: 'Banner Upload', to: `/${path}/add`, permission: 'catalogue:write' },
    ],
  };
}

/** The group holding the current page, so a reload shows where you are. */
export function groupOfPath(pathname: string): string | null {
  for (const entry of sidebarEntries) {
    if (entry.kind === 'group' && entry.links.some((link) => link.to === pathname)) return entry.id;
  }
  return null;
}
