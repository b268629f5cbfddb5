// Standalone mount: `npm run dev -w mfe-player` serves the player alone on :3002 against the gateway.
import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { session } from '@catalyst/web-kit';
import ProductRoutes from './routes';
import ContinueWatching from './continue-watching/ContinueWatching';

void session.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route index element={<ContinueWatching />} />
          <Route path="browse/premium/product/*" element={<ProductRoutes />} />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
