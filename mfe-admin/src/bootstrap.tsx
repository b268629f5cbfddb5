// Standalone mount: `npm run dev -w mfe-admin` serves the admin area alone on :3004 against the gateway.
import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireAdmin, session } from '@catalyst/web-kit';
import AdminRoutes from './routes';

void session.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route
            path="admin/*"
            element={
              <RequireAdmin>
                <AdminRoutes />
              </RequireAdmin>
            }
          />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
