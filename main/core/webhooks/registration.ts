import { ApiError } from '../api/api-error.ts';
import { createCatalogueClient, type WebhookRegistration } from '../api/catalogue-client.ts';
import type { TokenSource } from '../api/credentials.ts';
import { CoreError } from '../errors/core-error.ts';
import { cleartextProblem } from '../../../shared/security/cleartext.ts';
import type { Logger } from '../ports/ports.ts';

export interface RegistrationRequest {
  catalogueUrl: string;
  notificationUrl: string;
  events: string[];
}

/**
 * Registers the receiver's public HTTPS URL with the catalogue service. Every
 * failure comes back as a CoreError carrying the service's own words, for the
 * settings page and the CLI to show as they are.
 */
export async function registerWebhook(
  request: RegistrationRequest,
  deps: { getToken: TokenSource; log: Logger },
): Promise<WebhookRegistration> {
  const catalogueUrl = URL.parse(request.catalogueUrl);
  if (catalogueUrl === null) {
    throw new CoreError('invalid-request', 'The catalogue address is not a URL.', 'catalogueUrl');
  }
  const insecure = cleartextProblem(catalogueUrl);
  if (insecure !== null) throw new CoreError('invalid-request', insecure, 'catalogueUrl');
  if ((await deps.getToken(catalogueUrl)) === null) {
    throw new CoreError(
      'unauthorized',
      `Enter the catalogue service token for ${catalogueUrl.origin}: a token is sent only to the address it was entered with.`,
      'token',
    );
  }
  const client = createCatalogueClient({
    baseUrl: request.catalogueUrl,
    getToken: deps.getToken,
    log: deps.log,
  });
  try {
    return await client.registerWebhook({
      notificationUrl: request.notificationUrl,
      events: request.events,
    });
  } catch (error) {
    throw error instanceof ApiError ? describeRefusal(error, request.catalogueUrl) : error;
  }
}

function describeRefusal(error: ApiError, catalogueUrl: string): CoreError {
  switch (error.kind) {
    case 'invalid-input':
      return error.status === null
        ? new CoreError('invalid-request', error.message, error.field)
        : new CoreError(
            'invalid-input',
            `The catalogue service refused the registration: ${error.message}`,
            error.field,
          );
    case 'unauthorized':
      return new CoreError(
        'unauthorized',
        `The catalogue service did not accept the token: ${error.message}`,
        'token',
      );
    case 'network':
    case 'timeout':
      return new CoreError('network', error.message, 'catalogueUrl');
    case 'not-found':
      return new CoreError(
        'not-found',
        `${catalogueUrl} has no webhook registration endpoint: ${error.message}`,
        'catalogueUrl',
      );
    case 'rate-limited':
      return new CoreError('rate-limited', error.message);
    case 'server':
      return new CoreError('server', `The catalogue service failed: ${error.message}`);
  }
}
