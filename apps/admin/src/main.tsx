import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { setProgress, startProgress } from './lib/progress';
import { applyBodyClass, themeStore } from './lib/theme-store';
import './lib/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The stored light/dark mode, before the first paint (base.css keys the palette on it).
applyBodyClass(themeStore.get());

// The top bar shows from the first frame; the first screen (or its lazy fallback) finishes it.
setProgress(startProgress);

// Drawn in a transition, which React renders in slices of a few milliseconds, yielding to the
// browser between them: the first screen's mount (shell, sidebar, MUI's styles) no longer holds
// the main thread in one long task, which a phone's input waited behind (Lighthouse's total
// blocking time; docs/architecture.md, "The dashboard's download").
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
