// Radix's dialog (focus trap, scroll lock, dismissal): loaded on demand by dialog.tsx, so none of it is on a page's
// first load.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one module that imports Radix's dialog
export { Dialog } from 'radix-ui';
