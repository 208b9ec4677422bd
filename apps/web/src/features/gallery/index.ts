// Only the route loader: the fixtures (10,000 generated rows) stay in the gallery's own chunk.
export const loadGalleryPage = () => import('./gallery-page.tsx').then((m) => ({ default: m.GalleryPage }));
