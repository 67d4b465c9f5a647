import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import './index.css';
import { rememberFirstTouch } from '@/lib/arrival';

// The visit's first page and its campaign, before any navigation replaces the address.
rememberFirstTouch();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
