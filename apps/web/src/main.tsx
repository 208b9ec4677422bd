// Our own typeface (self-hosted, variable weight, font-display: swap; each script's file has a
// unicode-range, so English pages fetch only the Latin one).
import '@fontsource-variable/inter/wght.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Penny: #root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
