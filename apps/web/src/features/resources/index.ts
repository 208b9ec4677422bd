export const loadResourcesPage = () =>
  import('./resources-page.tsx').then((m) => ({ Component: m.ResourcesPage }));
