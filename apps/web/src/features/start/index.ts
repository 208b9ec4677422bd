export const loadStartPage = () => import('./start-page.tsx').then((m) => ({ Component: m.StartPage }));
