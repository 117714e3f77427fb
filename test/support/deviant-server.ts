import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { listenOnLoopback } from './loopback.ts';

/**
 * A second Messaging API server that makes, on purpose, every choice the spec
 * leaves open differently from the sandbox: timestamps in milliseconds, lists
 * oldest first, `starting_after` ignored (a larger `limit` works, up to
 * `maxLimit`), DELETE answering 204 (or 200 with an empty body), numeric
 * conversation ids, extra fields on every record, and errors as `{message}`,
 * `{errors:[...]}` or plain text. The resources are a small real in-memory
 * implementation, so the client's scenarios mean the same thing here as
 * against the sandbox.
 */
export interface DeviantServerOptions {
  /** bearer token → contact id of the user it signs in */
  tokens?: Record<string, string>;
  deleteAnswer?: '204' | 'empty-200';
  maxLimit?: number;
}

export type Fault =
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Do the work, then cut the connection before answering: the client cannot know it happened. */
  | { dropAfterProcessing: true };

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: string;
}

export interface DeviantServer {
  url: string;
  token: string;
  requests: RecordedRequest[];
  /** Answers the next requests with these faults, one each, in order. */
  failNext(...faults: Fault[]): void;
  /** A stored row the API itself would never write (legacy or corrupt data), served verbatim in lists. */
  storeRawMessage(raw: Record<string, unknown>): void;
  messageCount(): number;
  close(): Promise<void>;
}

interface Conversation {
  id: number;
  contact_id: string | null;
  group_id: string | null;
  pinned_message_id: string | null;
  is_pinned: boolean;
  is_muted: boolean;
  last_active_at: number | null;
  last_opened_at: number | null;
  created_at: number;
  archived_at: number | null;
}

interface Message {
  id: string;
  conversation_id: number;
  contact_id: string;
  message: string;
  reactions: Record<string, string[]>;
  attachments: unknown[];
  read_at: number | null;
  created_at: number;
  updated_at: number | null;
}

interface Answer {
  status: number;
  body?: unknown;
  text?: string;
}

class HttpProblem extends Error {
  readonly answer: Answer;
  constructor(answer: Answer) {
    super(String(answer.status));
    this.answer = answer;
  }
}

const invalid = (message: string, field: string) =>
  new HttpProblem({ status: 422, body: { errors: [{ message, field }] } });
const missing = (what: string, id: string) =>
  new HttpProblem({ status: 404, body: { message: `No ${what} with id ${id}` } });

const CONTACTS: Record<string, { username: string; phone_number: string }> = {
  'contact-dee': { username: 'dee', phone_number: '+31 20 555 0101' },
  'contact-eve': { username: 'eve', phone_number: '+31 20 555 0102' },
};

export async function startDeviantServer(
  options: DeviantServerOptions = {},
): Promise<DeviantServer> {
  const tokens = options.tokens ?? { 'deviant-token': 'contact-dee' };
  const maxLimit = options.maxLimit ?? 100;
  const conversations = new Map<number, Conversation>();
  const messages = new Map<string, Message | Record<string, unknown>>();
  const idempotent = new Map<string, Answer>();
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  let lastTime = 0;
  let nextConversationId = 1;
  let nextMessageId = 1;

  // Strictly increasing, so records made in the same millisecond still have an order.
  const now = () => (lastTime = Math.max(Date.now(), lastTime + 1));

  const contactView = (id: string) => ({
    id,
    username: CONTACTS[id]?.username ?? id,
    phone_number: CONTACTS[id]?.phone_number ?? null,
    avatar_url: null,
    last_active_at: lastTime,
    created_at: 1_600_000_000_000,
    display_name: CONTACTS[id]?.username.toUpperCase() ?? id,
  });

  const messageView = (stored: Message | Record<string, unknown>) => {
    if (!isMessage(stored)) return stored;
    const { contact_id, reactions, ...fields } = stored;
    return {
      object: 'message',
      ...fields,
      contact: contactView(contact_id),
      reactions: Object.entries(reactions).map(([name, who]) => ({ [name]: who })),
      metadata: { client: 'deviant', edits: fields.updated_at === null ? 0 : 1 },
    };
  };
  const conversationView = (conversation: Conversation) => ({
    object: 'conversation',
    ...conversation,
    unread_count: [...messages.values()].filter(
      (m) => isMessage(m) && m.conversation_id === conversation.id && m.read_at === null,
    ).length,
  });

  function list<T>(items: T[], query: URLSearchParams, view: (item: T) => unknown): Answer {
    // starting_after is deliberately not read: this server always answers the first page.
    const limitText = query.get('limit');
    const limit = limitText === null ? 10 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
      throw new HttpProblem({
        status: 400,
        body: { errors: [{ message: `limit must be from 1 to ${maxLimit}`, field: 'limit' }] },
      });
    }
    return {
      status: 200,
      body: {
        object: 'list',
        has_more: items.length > limit,
        data: items.slice(0, limit).map(view),
      },
    };
  }

  const findConversation = (id: string) => {
    const conversation = conversations.get(Number(id));
    if (!conversation || String(conversation.id) !== id) throw missing('conversation', id);
    return conversation;
  };
  const findMessage = (id: string) => {
    const message = messages.get(id);
    if (!message || !isMessage(message)) throw missing('message', id);
    return message;
  };
  const deleted = (): Answer =>
    options.deleteAnswer === 'empty-200' ? { status: 200, text: '' } : { status: 204 };

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    form: Record<string, unknown>,
    me: string,
  ): Answer {
    const [, version, resource, id, extra] = path.split('/');
    if (version !== 'v1' || extra !== undefined)
      throw new HttpProblem({ status: 404, text: 'Not Found' });

    if (resource === 'conversations' && id === undefined) {
      if (method === 'GET') {
        const flag = (name: string) => query.get(name) === 'true';
        const items = [...conversations.values()]
          .filter((c) => !flag('muted') || c.is_muted)
          .filter((c) => (flag('archived') ? c.archived_at !== null : true))
          .filter((c) => !flag('pinned') || c.is_pinned)
          .filter((c) => !query.has('group_id') || c.group_id === query.get('group_id'))
          .sort((a, b) => a.created_at - b.created_at);
        return list(items, query, conversationView);
      }
      if (method === 'POST') {
        const contactId = optionalText(form.contact_id, 'contact_id');
        const groupId = optionalText(form.group_id, 'group_id');
        if ((contactId === null) === (groupId === null)) {
          throw invalid('give exactly one of contact_id and group_id', 'contact_id');
        }
        const conversation: Conversation = {
          id: nextConversationId++,
          contact_id: contactId,
          group_id: groupId,
          pinned_message_id: null,
          is_pinned: false,
          is_muted: false,
          last_active_at: null,
          last_opened_at: null,
          created_at: now(),
          archived_at: null,
        };
        conversations.set(conversation.id, conversation);
        return { status: 201, body: conversationView(conversation) };
      }
    }
    if (resource === 'conversations' && id !== undefined) {
      const conversation = findConversation(id);
      if (method === 'GET') return { status: 200, body: conversationView(conversation) };
      if (method === 'PUT') {
        if ('is_pinned' in form) conversation.is_pinned = bool(form.is_pinned, 'is_pinned');
        if ('is_muted' in form) conversation.is_muted = bool(form.is_muted, 'is_muted');
        if ('archived_at' in form) conversation.archived_at = time(form.archived_at, 'archived_at');
        if ('pinned_message_id' in form) {
          const pinned = optionalText(form.pinned_message_id, 'pinned_message_id');
          if (pinned !== null) findMessage(pinned);
          conversation.pinned_message_id = pinned;
        }
        return { status: 200, body: conversationView(conversation) };
      }
      if (method === 'DELETE') {
        conversations.delete(conversation.id);
        for (const [key, message] of messages) {
          if (isMessage(message) && message.conversation_id === conversation.id)
            messages.delete(key);
        }
        return deleted();
      }
    }
    if (resource === 'messages' && id === undefined) {
      if (method === 'GET') {
        const conversationId = query.get('conversation_id');
        const items = [...messages.values()]
          .filter((m) => conversationId === null || String(m.conversation_id) === conversationId)
          .sort((a, b) => Number(a.created_at) - Number(b.created_at));
        return list(items, query, messageView);
      }
      if (method === 'POST') {
        const conversationId = optionalText(form.conversation_id, 'conversation_id');
        if (conversationId === null)
          throw invalid('conversation_id is required', 'conversation_id');
        const conversation = findConversation(conversationId);
        if (typeof form.message !== 'string') throw invalid('message is required', 'message');
        const message: Message = {
          id: `m${nextMessageId++}`,
          conversation_id: conversation.id,
          contact_id: me,
          message: form.message,
          reactions: {},
          attachments: attachments(form.attachments),
          read_at: null,
          created_at: now(),
          updated_at: null,
        };
        messages.set(message.id, message);
        conversation.last_active_at = message.created_at;
        return { status: 201, body: messageView(message) };
      }
    }
    if (resource === 'messages' && id !== undefined) {
      const message = findMessage(id);
      if (method === 'GET') return { status: 200, body: messageView(message) };
      if (method === 'PUT') {
        if ('message' in form) {
          if (typeof form.message !== 'string') throw invalid('message must be text', 'message');
          message.message = form.message;
        }
        if ('reactions' in form) message.reactions = reactions(form.reactions);
        if ('attachments' in form) message.attachments = attachments(form.attachments);
        message.updated_at = now();
        return { status: 200, body: messageView(message) };
      }
      if (method === 'DELETE') {
        messages.delete(message.id);
        return deleted();
      }
    }
    throw new HttpProblem({ status: 405, text: `${method} is not allowed on ${path}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://deviant');
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: {
        authorization: req.headers.authorization,
        'content-type': req.headers['content-type'],
        'idempotency-key': header(req, 'idempotency-key'),
      },
      body,
    });

    const fault = faults.shift();
    if (fault && 'status' in fault) {
      res.writeHead(fault.status, fault.headers).end(fault.body ?? '');
      return;
    }
    const answer = respond(req, url, body);
    if (fault && 'dropAfterProcessing' in fault) {
      res.socket?.destroy();
      return;
    }
    if (answer.body !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    } else if (answer.text !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.text);
    } else {
      res.writeHead(answer.status).end();
    }
  }

  function respond(req: IncomingMessage, url: URL, body: string): Answer {
    const method = req.method ?? 'GET';
    const me = tokens[/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''];
    if (me === undefined) return { status: 401, text: 'Unauthorized: missing or unknown token' };
    const key = header(req, 'idempotency-key');
    const replayKey = key === undefined ? undefined : `${me} ${method} ${url.pathname} ${key}`;
    const replay = replayKey === undefined ? undefined : idempotent.get(replayKey);
    if (replay) return replay;
    let answer: Answer;
    try {
      if ((method === 'POST' || method === 'PUT') && !isForm(req)) {
        throw new HttpProblem({ status: 415, text: 'Send application/x-www-form-urlencoded' });
      }
      const form = qs.parse(body, { depth: 4, arrayLimit: 100, parameterLimit: 500 });
      answer = route(method, url.pathname, url.searchParams, form, me);
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      answer = error.answer;
    }
    if (replayKey !== undefined && method !== 'GET') idempotent.set(replayKey, answer);
    return answer;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  const { port, close } = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    token: Object.keys(tokens)[0] ?? '',
    requests,
    failNext: (...more) => void faults.push(...more),
    storeRawMessage(raw) {
      messages.set(`raw-${nextMessageId++}`, raw);
    },
    messageCount: () => [...messages.values()].filter(isMessage).length,
    close,
  };
}

function isMessage(value: Message | Record<string, unknown>): value is Message {
  return typeof value.contact_id === 'string' && typeof value.id === 'string';
}

function optionalText(value: unknown, field: string): string | null {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalid(`${field} must be a string`, field);
  return value;
}

function bool(value: unknown, field: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`${field} must be true or false`, field);
}

function time(value: unknown, field: string): number | null {
  if (value === '') return null;
  const number = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(number) || number < 0) {
    throw invalid(`${field} must be a time in milliseconds`, field);
  }
  return number;
}

function reactions(value: unknown): Record<string, string[]> {
  if (value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('reactions must be reactions[<name>][]=<reactor>', 'reactions');
  }
  const result: Record<string, string[]> = {};
  for (const [name, reactors] of Object.entries(value)) {
    if (!Array.isArray(reactors) || !reactors.every((who) => typeof who === 'string')) {
      throw invalid(`reactions[${name}] must be a list of names`, 'reactions');
    }
    result[name] = reactors;
  }
  return result;
}

function attachments(value: unknown): unknown[] {
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : Object.values(value as object);
  if (!list.every((item) => typeof item === 'object' && item !== null)) {
    throw invalid('attachments must be attachments[<n>][<field>]=<value>', 'attachments');
  }
  return list;
}

const isForm = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
