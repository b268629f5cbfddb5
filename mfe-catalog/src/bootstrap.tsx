// Standalone mount: `npm run dev -w mfe-catalog` serves the catalog alone on :3001 against the gateway.
import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { session } from '@catalyst/web-kit';
import BrowseRoutes from './routes';
import TopCourses from './top-courses/TopCourses';

void session.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <nav style={{ padding: '1rem', display: 'flex', gap: '1rem' }}>
        <strong>catalog (standalone)</strong>
        <Link to="/">Top Courses</Link>
        <Link to="/browse">Browse</Link>
      </nav>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route index element={<TopCourses />} />
          <Route path="browse/*" element={<BrowseRoutes />} />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
