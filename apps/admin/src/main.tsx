import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { setProgress, startProgress } from './lib/progress';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The top bar shows from the first frame; the first screen (or its lazy fallback) finishes it.
setProgress(startProgress);

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
