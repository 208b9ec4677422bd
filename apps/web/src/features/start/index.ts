export const loadStartPage = () => import('./start-page.tsx').then((m) => ({ default: m.StartPage }));
