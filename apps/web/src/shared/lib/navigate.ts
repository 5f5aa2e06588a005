/**
 * Navigation for code outside React components (the global reply handler, session end). The app sets
 * the router's navigate function at start; until then the hash is set directly (the router is a hash
 * router, so both reach the same place).
 */
type Navigate = (to: string) => void;

let impl: Navigate = (to) => {
  window.location.hash = to;
};

export function setNavigate(fn: Navigate): void {
  impl = fn;
}

export function navigateTo(to: string): void {
  impl(to);
}
