import { mdiStorefrontOutline } from '@mdi/js';
import type { ReactNode } from 'react';
import { SvgPathIcon } from '../../../components/ui/svg-path-icon';
import './auth.css';

/**
 * The centred card of the sign-in and sign-up pages (no sidebar or header there): plain
 * elements and CSS (auth.css) with the look of MUI's Paper, so the sign-in page paints
 * before any of MUI has loaded.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="sd-auth-page">
      <div className="sd-auth-card">
        <div className="sd-auth-brand">
          <SvgPathIcon path={mdiStorefrontOutline} size="large" tone="primary" />
          <span>Shopdesk</span>
        </div>
        <h1 className="sd-auth-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
