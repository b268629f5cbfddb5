import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_MESSAGES,
  adminWebhookRoutes,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@catalyst/contracts';
import { createApiClient } from '@catalyst/web-kit';
import { failure, fakeApi } from '@catalyst/web-kit/testing';
import { WebhooksPage } from './WebhooksPage';

const ENDPOINT: WebhookEndpoint = {
  id: '5b0e7c1e-4d5a-4c3b-9e2f-1a2b3c4d5e6f',
  url: 'https://hooks.example.com/catalyst',
  description: 'CRM',
  eventTypes: ['course.completed'],
  enabled: false,
  secretHint: 'Ab1=',
  createdAt: '2026-12-06T12:00:00.000Z',
  disabledAt: '2026-12-07T13:00:00.000Z',
  disabledReason: 'Every delivery failed for 29 hours (13 attempts in a row)',
  failingSince: '2026-12-06T08:00:00.000Z',
  consecutiveFailures: 13,
};
const DELIVERY: WebhookDelivery = {
  id: '6c0e7c1e-4d5a-4c3b-9e2f-1a2b3c4d5e6f',
  endpointId: ENDPOINT.id,
  eventId: '7d0e7c1e-4d5a-4c3b-9e2f-1a2b3c4d5e6f',
  eventType: 'course.completed',
  status: 'failed',
  nextAttemptAt: null,
  createdAt: '2026-12-06T12:01:00.000Z',
  deliveredAt: null,
  attempts: [{ at: '2026-12-07T13:00:00.000Z', statusCode: 503, durationMs: 42, error: 'Answered 503' }],
};
const SECRET = `whsec_${'A'.repeat(43)}=`;

const open = () => {
  const fake = fakeApi()
    .on(adminWebhookRoutes.list, [ENDPOINT])
    .on(adminWebhookRoutes.deliveries, { deliveries: [DELIVERY] })
    .on(adminWebhookRoutes.replay, { ...DELIVERY, status: 'pending' as const })
    .on(adminWebhookRoutes.create, ({ body }) => ({ ...ENDPOINT, ...body, enabled: true, secret: SECRET }));
  render(
    <MemoryRouter>
      <WebhooksPage client={createApiClient({ fetch: fake.fetch, baseUrl: '/api/v1' })} />
    </MemoryRouter>,
  );
  return fake;
};

describe('the webhooks admin page', () => {
  it('shows why an endpoint was turned off, its deliveries’ answers, and replays one', async () => {
    const fake = open();
    const row = await screen.findByTestId('webhook-endpoint');
    within(row).getByText(`Off: ${ENDPOINT.disabledReason}`);
    within(row).getByText('whsec_…Ab1=');
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const delivery = await screen.findByTestId('webhook-delivery');
    within(delivery).getByText('503 in 42 ms · 1 attempt');
    fireEvent.click(within(delivery).getByRole('button', { name: 'Replay' }));
    await screen.findByText(WEBHOOK_MESSAGES.replayed);
    expect(fake.callsTo(adminWebhookRoutes.replay)).toHaveLength(1);
  });

  it('adds an endpoint with the events ticked and shows its secret once; a refused address is said at the field', async () => {
    const fake = open();
    await screen.findByTestId('webhook-endpoint');
    fireEvent.change(screen.getByLabelText('Endpoint URL'), { target: { value: 'http://10.0.0.8/hook' } });
    fireEvent.click(screen.getByLabelText('lesson.completed'));
    fake.on(
      adminWebhookRoutes.create,
      failure(400, WEBHOOK_MESSAGES.privateAddress, [
        { field: 'url', message: WEBHOOK_MESSAGES.privateAddress },
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findAllByText(WEBHOOK_MESSAGES.privateAddress)).not.toHaveLength(0);

    fake.on(adminWebhookRoutes.create, ({ body }) => ({
      ...ENDPOINT,
      ...body,
      enabled: true,
      secret: SECRET,
    }));
    fireEvent.change(screen.getByLabelText('Endpoint URL'), {
      target: { value: 'https://hooks.example.com/new' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    expect(fake.callsTo(adminWebhookRoutes.create).at(-1)!.body).toEqual({
      url: 'https://hooks.example.com/new',
      description: '',
      eventTypes: ['lesson.completed'],
    });
  });
});
