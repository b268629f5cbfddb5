import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminLtiRoutes, ltiMessages, type LtiAdmin } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { LtiPage } from './LtiPage';

const ADMIN: LtiAdmin = {
  tool: {
    loginUrl: 'https://catalyst.example/api/v1/auth/lti/login',
    launchUrl: 'https://catalyst.example/api/v1/auth/lti/launch',
    jwksUrl: 'https://catalyst.example/api/v1/auth/lti/jwks',
    deepLinkingUrl: 'https://catalyst.example/api/v1/auth/lti/launch',
  },
  platforms: [],
  keyId: 'kid-1',
};

const open = () => {
  const fake = fakeApi().on(adminLtiRoutes.list, ADMIN);
  render(
    <MemoryRouter>
      <LtiPage client={createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' })} />
    </MemoryRouter>,
  );
  return fake;
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('the LTI admin page', () => {
  it("shows the tool's addresses and registers a platform with its deployments", async () => {
    const fake = open();
    const tool = await screen.findByTestId('lti-tool');
    expect(within(tool).getByText(ADMIN.tool.loginUrl)).toBeTruthy();
    expect(within(tool).getByText(ADMIN.tool.jwksUrl)).toBeTruthy();

    fake.on(adminLtiRoutes.create, failure(409, ltiMessages.taken));
    type('Name', 'Canvas');
    type('Issuer', 'https://canvas.instructure.com');
    type('Client id', '10000000000001');
    type('Deployment ids', 'dep-1, dep-2');
    type('OIDC authentication URL', 'https://sso.canvaslms.com/api/lti/authorize_redirect');
    type('Access token URL', 'https://sso.canvaslms.com/login/oauth2/token');
    type('Keyset (JWKS) URL', 'https://sso.canvaslms.com/api/lti/security/jwks');
    fireEvent.click(screen.getByRole('button', { name: 'Register platform' }));
    expect(await screen.findByText(ltiMessages.taken)).toBeTruthy();
    await waitFor(() =>
      expect(fake.callsTo(adminLtiRoutes.create)[0]!.body).toMatchObject({
        name: 'Canvas',
        deploymentIds: ['dep-1', 'dep-2'],
        frameOrigins: [],
        linkByEmail: false,
      }),
    );
  });
});
