import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';

type State = { error: unknown };

/**
 * Catches a screen that fails to load (chunk error or the 120 s time-out) or throws while
 * rendering, so the rest of the app (header, sidebar) keeps working. Plain elements keep
 * MUI out of the first download.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div style={{ padding: 32 }}>
        <h1 style={{ fontSize: 28, margin: '0 0 16px' }}>Something went wrong</h1>
        <p role="alert">{errorMessage(this.state.error)}</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
