import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { xapiAdminRoutes, xapiMessages, type XapiDeliveryLog } from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi, success } from '@catalyst/web-kit/testing';
import { XapiPage } from './XapiPage';

const SETTINGS = {
  endpoint: 'https://lrs.example.com/xapi/',
  key: 'catalyst',
  secretSet: true,
  enabled: true,
  updatedAt: '2026-12-06T12:00:00.000Z',
};
const LOG: XapiDeliveryLog = {
  pending: 3,
  lastSentAt: '2026-12-06T12:05:00.000Z',
  nextRetryAt: '2026-12-06T12:10:00.000Z',
  deliveries: [
    {
      at: '2026-12-06T12:06:00.000Z',
      kind: 'batch',
      statements: 3,
      delivered: false,
      status: 401,
      answer: 'Bad credentials',
    },
  ],
};

const open = () => {
  const fake = fakeApi()
    .on(xapiAdminRoutes.getSettings, SETTINGS)
    .on(xapiAdminRoutes.deliveries, LOG)
    .on(xapiAdminRoutes.putSettings, ({ body }) => ({ ...SETTINGS, ...body, secretSet: true }));
  render(
    <MemoryRouter>
      <XapiPage client={createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' })} />
    </MemoryRouter>,
  );
  return fake;
};

describe('the xAPI admin page', () => {
  it('keeps the saved secret unless a new one is typed, and says why a save was refused', async () => {
    const fake = open();
    expect((await screen.findByLabelText<HTMLInputElement>('Endpoint')).value).toBe(SETTINGS.endpoint);
    screen.getByText('A secret is saved: leave this empty to keep it.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(fake.callsTo(xapiAdminRoutes.putSettings)[0]!.body).toEqual({
      endpoint: SETTINGS.endpoint,
      key: SETTINGS.key,
      enabled: true,
    });

    fake.on(
      xapiAdminRoutes.putSettings,
      failure(400, xapiMessages.endpointHttps, [{ field: 'endpoint', message: xapiMessages.endpointHttps }]),
    );
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'http://lrs.example.com/' } });
    fireEvent.change(screen.getByLabelText('Secret'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(xapiMessages.endpointHttps)).not.toHaveLength(0);
    expect(fake.callsTo(xapiAdminRoutes.putSettings)[1]!.body).toMatchObject({ secret: 'new-secret' });
  });

  it('sends a test statement and shows what the LRS answered, beside the delivery log', async () => {
    const fake = open();
    fake.on(
      xapiAdminRoutes.sendTest,
      success(
        {
          delivered: false,
          statementId: '886313e1-3b8a-5372-9b90-0c9aee199e5d',
          status: 401,
          answer: 'Bad credentials',
        },
        { message: xapiMessages.testRefused },
      ),
    );
    expect((await screen.findByTestId('xapi-queue')).textContent).toContain('3 waiting');
    expect(screen.getByTestId('xapi-delivery').textContent).toContain('Failed (401)');
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send test statement' }).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send test statement' }));
    await screen.findByText('The LRS did not accept the test statement: 401, Bad credentials');
  });
});
