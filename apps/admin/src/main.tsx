import { StrictMode } from 'react';
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

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
