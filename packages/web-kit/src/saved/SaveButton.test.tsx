import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { savedRoutes } from '@catalyst/contracts';
import { createApiClient } from '../api/client';
import { useAuthDialog } from '../session/authDialog';
import { createSessionStore } from '../session/store';
import { fakeApi, failure, held } from '../testing';
import { SaveButton } from './SaveButton';
import { createSavedStore } from './store';

const REACT = '0000000000000000000e0001';
const SQL = '0000000000000000000e0003';
const member = { _id: 'cccccccccccccccccccccccc', name: 'Sam', email: 'sam@example.com', role: 'user' };
const other = { _id: 'dddddddddddddddddddddddd', name: 'Dee', email: 'dee@example.com', role: 'user' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setUp(signedIn: typeof member | null = member) {
  const fake = fakeApi();
  const api = createApiClient();
  const session = createSessionStore({ api });
  if (signedIn) session.loadUser(signedIn);
  const store = createSavedStore(session, { api });
  return { fake, session, store };
}
const button = () => screen.getByRole('button', { name: 'Save for later' });

describe('the Save for later bookmark', () => {
  it("shows a saved product as pressed, and saves and removes with the member's list", async () => {
    const { fake, store } = setUp();
    fake
      .on(savedRoutes.ids, { productIds: [SQL] })
      .on(savedRoutes.save, ({ params }) => ({ productId: params.productId, saved: true }))
      .on(savedRoutes.remove, ({ params }) => ({ productId: params.productId, saved: false }));
    render(
      <>
        <SaveButton product={{ _id: REACT, title: 'React Basics' }} store={store} />
        <div data-testid="sql">
          <SaveButton product={{ _id: SQL, title: 'SQL Window Functions' }} store={store} />
        </div>
      </>,
    );
    const [react, sql] = screen.getAllByRole('button', { name: 'Save for later' }) as [
      HTMLElement,
      HTMLElement,
    ];
    await waitFor(() => expect(sql.getAttribute('aria-pressed')).toBe('true'));
    expect(sql.getAttribute('title')).toBe('Saved');
    expect(react.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(react);
    expect(react.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fake.callsTo(savedRoutes.save, { productId: REACT })).toHaveLength(1));

    fireEvent.click(sql);
    await waitFor(() => expect(fake.callsTo(savedRoutes.remove, { productId: SQL })).toHaveLength(1));
    expect(sql.getAttribute('aria-pressed')).toBe('false');
    // one read of the member's ids for every bookmark on the page
    expect(fake.callsTo(savedRoutes.ids)).toHaveLength(1);
  });

  it('stays saved when clicked while the member’s list is still loading, and the list lands without it', async () => {
    const { fake, store } = setUp();
    const list = held({ productIds: [SQL] });
    fake
      .on(savedRoutes.ids, list.reply)
      .on(savedRoutes.save, ({ params }) => ({ productId: params.productId, saved: true }));
    render(<SaveButton product={{ _id: REACT, title: 'React Basics' }} store={store} />);
    await waitFor(() => expect(fake.callsTo(savedRoutes.ids)).toHaveLength(1));
    fireEvent.click(button());
    await waitFor(() => expect(fake.callsTo(savedRoutes.save, { productId: REACT })).toHaveLength(1));
    expect(button().getAttribute('aria-pressed')).toBe('true');

    // the list was read before the save was written: it lands without React Basics
    await act(async () => list.release());
    await waitFor(() => expect(store.getState().known).toBe(true));
    expect([...store.getState().ids].sort()).toEqual([REACT, SQL].sort());
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });

  it('keeps its clicks and keys from the card around it', async () => {
    const { fake, store } = setUp();
    fake.on(savedRoutes.ids, { productIds: [] }).on(savedRoutes.save, { productId: REACT, saved: true });
    const opened = vi.fn();
    render(
      // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- a card that opens on click, as the catalogue's do
      <div onClick={opened} onKeyDown={opened}>
        <SaveButton product={{ _id: REACT, title: 'React Basics' }} store={store} />
      </div>,
    );
    fireEvent.keyDown(button(), { key: 'Enter' });
    fireEvent.click(button());
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    expect(opened).not.toHaveBeenCalled();
  });

  it('undoes the bookmark and says why when the server refuses', async () => {
    const { fake, store } = setUp();
    fake.on(savedRoutes.ids, { productIds: [] }).on(savedRoutes.save, failure(404, 'Product not found'));
    render(<SaveButton product={{ _id: REACT, title: 'React Basics' }} store={store} />);
    fireEvent.click(button());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Could not save React Basics: Product not found'),
    );
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });

  it('asks a visitor to sign in and sends nothing', () => {
    const { fake, store } = setUp(null);
    function Dialog() {
      const { open, view } = useAuthDialog();
      return <p>{open ? `The ${view} dialog is open` : 'No dialog'}</p>;
    }
    render(
      <>
        <SaveButton product={{ _id: REACT, title: 'React Basics' }} store={store} />
        <Dialog />
      </>,
    );
    fireEvent.click(button());
    expect(screen.getByRole('paragraph').textContent).toBe('The login dialog is open');
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(fake.calls).toHaveLength(0);
  });

  it("forgets one member's saved list the moment they sign out, and reads the next member's own", async () => {
    const { fake, session, store } = setUp();
    fake.on(savedRoutes.ids, { productIds: [REACT] });
    render(<SaveButton product={{ _id: REACT, title: 'React Basics' }} store={store} />);
    await waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));

    fake.on(savedRoutes.ids, { productIds: [] });
    act(() => session.loadUser(other));
    expect(button().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(fake.callsTo(savedRoutes.ids)).toHaveLength(2));
    expect(button().getAttribute('aria-pressed')).toBe('false');
  });
});
