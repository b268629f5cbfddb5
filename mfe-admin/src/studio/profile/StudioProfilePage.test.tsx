import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { creatorProfileRoutes } from '@catalyst/contracts';
import { fakeApi } from '@catalyst/web-kit/testing';
import { StudioProfilePage } from './StudioProfilePage';

const profile = {
  creatorId: 'c'.repeat(24),
  name: 'Maya Chen',
  slug: 'maya-chen',
  description: 'Front-end architect.',
  links: [{ label: 'Website', url: 'https://maya.example' }],
};
const mount = () =>
  render(
    <MemoryRouter>
      <StudioProfilePage />
    </MemoryRouter>,
  );

describe('the studio’s public page form', () => {
  it('loads the bio and links, adds a link and saves them, linking to the public page', async () => {
    const api = fakeApi()
      .on(creatorProfileRoutes.get, profile)
      .on(creatorProfileRoutes.save, ({ body }) => ({ ...profile, ...body }));
    mount();
    expect(((await screen.findByLabelText('Bio')) as HTMLTextAreaElement).value).toBe('Front-end architect.');
    expect(screen.getByRole('link', { name: 'View your public page' }).getAttribute('href')).toBe(
      '/creators/maya-chen',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a link' }));
    await user.type(screen.getByLabelText('Link 2 label'), 'Channel');
    await user.type(screen.getByLabelText('Link 2 address'), 'https://video.example/maya');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your public page is saved.'));
    expect(api.callsTo(creatorProfileRoutes.save)[0]!.body).toEqual({
      description: 'Front-end architect.',
      links: [
        { label: 'Website', url: 'https://maya.example' },
        { label: 'Channel', url: 'https://video.example/maya' },
      ],
    });
  });

  it('shows the server’s message beside the link at fault', async () => {
    fakeApi()
      .on(creatorProfileRoutes.get, profile)
      .fail(creatorProfileRoutes.save, 400, 'Each link must be a full https:// address', [
        { field: 'links.0.url', message: 'Each link must be a full https:// address' },
      ]);
    mount();
    await screen.findByLabelText('Bio');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Link 1 address').getAttribute('aria-invalid')).toBe('true'),
    );
  });
});
