// Radix's dropdown menu and its positioning (floating-ui): loaded on demand by menu.tsx, so none of it is on a
// page's first load.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one module that imports Radix's menu
export { DropdownMenu } from 'radix-ui';
