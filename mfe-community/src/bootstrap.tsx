// Standalone mount: `npm run dev -w mfe-community` serves the community remote alone on :3005 against the
// gateway. /?productId=<_id>[&lessonId=<_id>] shows that discussion; with &live it shows the live board too.
import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '@catalyst/web-kit';
import Discussion from './discussion/Discussion';
import LiveBoard from './live/LiveBoard';

void session.start();

const query = new URLSearchParams(window.location.search);
const productId = query.get('productId');
const lessonId = query.get('lessonId') ?? undefined;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ maxWidth: 960, margin: '0 auto', padding: '1rem', display: 'grid', gap: '2rem' }}>
      {productId ? (
        <>
          {query.has('live') ? <LiveBoard productId={productId} /> : null}
          <Discussion target={{ productId, ...(lessonId ? { lessonId } : {}) }} />
        </>
      ) : (
        <p>Add ?productId=&lt;a product&apos;s _id&gt; (and &amp;lessonId=…, &amp;live) to the address.</p>
      )}
    </main>
  </StrictMode>,
);
