import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, preloadFirstScreen } from './app/router';
import { setProgress, startProgress } from './lib/progress';
import { applyBodyClass, themeStore } from './lib/theme-store';
import './lib/base.css';

const found = document.getElementById('root');
if (!found) throw new Error('index.html must contain <div id="root">');
const container: HTMLElement = found;

// The stored light/dark mode, before the first paint (base.css keys the palette on it).
applyBodyClass(themeStore.get());

// The top bar starts with the first render; the first screen (or its lazy fallback) finishes it.
setProgress(startProgress);

/**
 * A signed-in address's first screen waits for its code (preloadFirstScreen: the modulepreloads
 * of app.html have it on the way), so that it draws whole in the first commit; never longer
 * than this: on a slow line the top bar's fallback shows and the screen follows as its code
 * arrives. A preload that fails changes nothing: the screen's own load then ends in its error
 * screen.
 */
const firstScreenWaitMs = 500;

function render() {
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
}

void Promise.race([
  preloadFirstScreen(window.location.pathname).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, firstScreenWaitMs)),
]).then(render);
