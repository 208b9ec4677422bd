export { type ForkSource, useForkVisualization } from './fork.ts';
export { resourceKeys, useResourceViewUser, useStoreResource } from './queries.ts';

export const loadResourcesPage = () =>
  import('./resources-page.tsx').then((m) => ({ default: m.ResourcesPage }));
