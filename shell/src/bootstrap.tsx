import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '@catalyst/web-kit';
import { App } from './App';
import { discoverRemotes } from './federation/remotes';

// Remotes are registered (not downloaded) before the first render; a failed discovery still renders the shell.
void session.start();
const discovered = discoverRemotes();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void discovered.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
