import { expect, test } from '@playwright/test';
import { message, openOwnServer, send, startConversation } from '../support/parley-app.ts';

test('our messages show sent, then delivered, then read, as the other side gets to them', async ({
  page,
}) => {
  const own = await openOwnServer(page, ['you:e2e-you', 'bob:e2e-bob']);
  try {
    await startConversation(page, 'bob');
    const text = 'are you there?';
    await send(page, text);
    await expect(message(page, text).getByRole('img', { name: 'Sent' })).toBeVisible();

    const created = await own.as('e2e-bob', '/v1/conversations', {
      method: 'POST',
      body: JSON.stringify({ contact_id: 'you' }),
    });
    const { id } = (await created.json()) as { id: string };
    await own.as('e2e-bob', '/v1/messages', {
      method: 'POST',
      body: JSON.stringify({ conversation_id: id, message: 'here!' }),
    });
    await expect(message(page, text).getByRole('img', { name: 'Delivered' })).toBeVisible();

    // Bob's app lists the conversation: the server marks what he fetched as read.
    expect((await own.as('e2e-bob', `/v1/messages?conversation_id=${id}`)).status).toBe(200);
    await expect(message(page, text).getByRole('img', { name: 'Read' })).toBeVisible();
  } finally {
    await own.stop();
  }
});
