/**
 * Lets code outside React (the API client) change the route. The router registers its
 * navigate function at start; before that (or in tests) a full page load is the fallback.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
